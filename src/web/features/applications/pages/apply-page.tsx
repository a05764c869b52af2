import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import {
  APPLICATION_MESSAGES,
  type ApplicationForm,
  applicationFormSchema,
  canApply,
  EXPERIENCE_LEVELS,
  experienceLabel,
  OTHER_INDUSTRY,
  toApplicationPayload,
} from '../../../../domain/applications/contracts';
import { industryOptions } from '../../../../domain/members/directory-filter';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  applyServerErrors,
  CheckboxField,
  Form,
  SelectField,
  TextareaField,
  TextField,
  useFormDraft,
} from '../../../components/ui/form';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/auth/auth-queries';
import { usePublicIndustries, useSeveralChapters } from '../../directory';
import { useSubmitApplication } from '../api/application-queries';
import { useVisitPrefill } from '../api/visit-prefill';
import { ApplicationConfirmation } from '../components/application-confirmation';
import { MyApplicationStatus } from '../components/my-application-status';

const EXPERIENCE_CHOICES = EXPERIENCE_LEVELS.map((level) => ({
  value: level,
  label: experienceLabel(level),
}));

/** The API's names for the fields this form names differently, so a 400 lands on the right field. */
const SERVER_FIELD_NAMES = {
  firstName: 'firstname',
  lastName: 'lastname',
  companyName: 'company',
  position: 'title',
  motivation: 'networkingGoals',
  experienceLevel: 'experience',
  referralSource: 'reference1',
} as const;

const EMPTY: ApplicationForm = {
  firstname: '',
  lastname: '',
  email: '',
  sameAsAbove: true,
  businessEmail: '',
  phone: '',
  company: '',
  title: '',
  industry: '',
  customIndustry: '',
  experience: '',
  businessDescription: '',
  networkingGoals: '',
  reference1: '',
  reference2: '',
  terms: false,
  chapter: '',
};

/** The submit toasts (docs/product.md, "Messages"), chosen by the server's error code, not by its wording. */
function failureToast(err: unknown) {
  const code = err instanceof ApiError ? err.code : undefined;
  if (code === 'UNAUTHENTICATED') {
    toast({
      title: 'Authentication Required',
      description: 'Please sign in to submit an application.',
      variant: 'destructive',
    });
  } else if (code === 'ALREADY_SUBMITTED') {
    toast({
      title: 'Application Already Submitted',
      description:
        'You have already submitted an application. Please contact us if you need to make changes.',
      variant: 'destructive',
    });
  } else {
    toast({
      title: 'Submission Failed',
      description:
        err instanceof ApiError
          ? err.serverMessage
          : 'There was an error submitting your application. Please try again.',
      variant: 'destructive',
    });
  }
}

/** A member, or a guest whose application is open, sees where they stand instead of a blank form. */
function AlreadyApplied({ isMember }: { isMember: boolean }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">
        {isMember ? 'You are already a member' : 'Your Application'}
      </h1>
      <div className="mt-6">
        {isMember ? (
          <p className="text-slate-700">
            Your membership is active.{' '}
            <Link className="font-medium text-brand-700 underline" href="/dashboard">
              Go to your dashboard
            </Link>
            .
          </p>
        ) : (
          <MyApplicationStatus />
        )}
      </div>
    </div>
  );
}

export default function ApplyPage() {
  const { user } = useCurrentUser();
  // Decided here, above the status check: a successful submit refreshes the user, whose open
  // application must not replace the confirmation they are about to read.
  const [submitted, setSubmitted] = useState(false);
  if (submitted) {
    return (
      <div className="px-4 py-12">
        <ApplicationConfirmation />
      </div>
    );
  }
  if (user && !canApply(user)) return <AlreadyApplied isMember={user.role !== 'GUEST'} />;
  return <ApplicationFormPage onSubmitted={() => setSubmitted(true)} />;
}

function ApplicationFormPage({ onSubmitted }: { onSubmitted: () => void }) {
  const { user, isLoading: userLoading } = useCurrentUser();
  const chapters = useSeveralChapters();
  const submit = useSubmitApplication();
  const form = useForm<ApplicationForm>({
    resolver: zodResolver(applicationFormSchema),
    defaultValues: EMPTY,
  });
  const { watch, setValue, handleSubmit, reset, getValues, clearErrors } = form;
  // Every change is kept as a draft; what a visitor typed passes to the account they sign in with.
  const draft = useFormDraft(form, 'apply', true);
  const sameAsAbove = watch('sameAsAbove');
  const email = watch('email');
  const industry = watch('industry');
  const chapter = watch('chapter');
  // The industries (and their seats) are the chosen chapter's.
  const industries = usePublicIndustries(chapter || undefined);
  const visit = useVisitPrefill(Boolean(user));

  // From a visitor's "Apply" link: what they told us fills what is still empty, and the chapter they visited.
  useEffect(() => {
    const from = visit.prefill;
    if (!from || !visit.token) return;
    const current = getValues();
    const known = (industries.data ?? []).some((i) => i.name === from.industry);
    reset(
      {
        ...current,
        firstname: current.firstname || from.firstName,
        lastname: current.lastname || from.lastName,
        email: current.email || from.email,
        phone: current.phone || from.phone || '',
        company: current.company || from.business || '',
        industry: current.industry || (from.industry ? (known ? from.industry : OTHER_INDUSTRY) : ''),
        customIndustry:
          current.customIndustry || (from.industry && !known && !current.industry ? from.industry : ''),
        chapter: current.chapter || from.chapterSlug || '',
        visitToken: visit.token,
      },
      { keepDefaultValues: true },
    );
  }, [visit.prefill, visit.token, industries.data, reset, getValues]);

  // "Apply to <chapter>" links here with ?chapter=<slug>: that chapter is chosen unless one already is.
  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get('chapter');
    if (asked && !getValues('chapter')) setValue('chapter', asked);
  }, [getValues, setValue]);

  // A signed-in user's name and email are filled in for them.
  useEffect(() => {
    if (!user) return;
    const current = getValues();
    reset(
      {
        ...current,
        firstname: current.firstname || user.firstName || '',
        lastname: current.lastname || user.lastName || '',
        email: current.email || user.email,
      },
      // The blank form stays the baseline, so the draft still holds everything typed.
      { keepDefaultValues: true },
    );
  }, [user, reset, getValues]);

  useEffect(() => {
    if (sameAsAbove) setValue('businessEmail', email);
  }, [sameAsAbove, email, setValue]);

  useEffect(() => {
    document.title = 'Apply for Membership';
  }, []);

  const onSubmit = handleSubmit((values) => {
    if (!values.terms) {
      toast({
        title: 'Terms Required',
        description: 'Please accept the terms and conditions to continue.',
        variant: 'destructive',
      });
      return;
    }
    if (chapters && !values.chapter) {
      form.setError('chapter', { message: APPLICATION_MESSAGES.chapterRequired }, { shouldFocus: true });
      return;
    }
    if (!user) {
      failureToast(new ApiError(401, 'Authentication required', undefined, 'UNAUTHENTICATED'));
      return;
    }
    submit.mutate(toApplicationPayload(values), {
      onSuccess: () => {
        draft.clear();
        visit.forget();
        toast({
          title: 'Application Submitted!',
          description: 'We will review your application and contact you within 3-5 business days.',
        });
        onSubmitted();
        window.scrollTo(0, 0);
      },
      onError: (err) => {
        applyServerErrors(form, err, SERVER_FIELD_NAMES);
        failureToast(err);
      },
    });
  });

  const industryChoices = industryOptions((industries.data ?? []).map((i) => i.name))
    .map((name) => ({ value: name, label: name }))
    .concat({ value: OTHER_INDUSTRY, label: 'Other' });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">Apply for Membership</h1>
      <p className="mt-2 text-slate-600">
        Tell us about you and your business. We review every application within 3-5 business days.
      </p>
      {!user && !userLoading && (
        <div className="mt-6 flex gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
          <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <p>
            You will be asked to sign in before your application is sent. Your answers are kept while you do.{' '}
            <Link className="font-medium text-brand-800 underline" href="/login">
              Sign in now
            </Link>
          </p>
        </div>
      )}
      <Card className="mt-8 p-6">
        <Form form={form} onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
          {chapters && (
            <SelectField<ApplicationForm>
              name="chapter"
              label="Chapter"
              description="The chapter whose weekly meeting you would join."
              placeholder="Select a chapter"
              className="sm:col-span-2"
              options={chapters.map((c) => ({ value: c.slug, label: c.name }))}
            />
          )}
          <TextField<ApplicationForm> name="firstname" label="First Name" autoComplete="given-name" />
          <TextField<ApplicationForm> name="lastname" label="Last Name" autoComplete="family-name" />
          <TextField<ApplicationForm> name="email" type="email" label="Email" autoComplete="email" />
          <div className="space-y-2">
            <TextField<ApplicationForm>
              name="businessEmail"
              type="email"
              label="Business Email"
              disabled={sameAsAbove}
            />
            <CheckboxField<ApplicationForm>
              name="sameAsAbove"
              label="Same as above"
              onCheckedChange={(checked) => {
                // Unchecking clears the copied address so the applicant types their own; ticking it
                // again drops any message about the address they had typed.
                if (!checked) setValue('businessEmail', '');
                else clearErrors('businessEmail');
              }}
            />
          </div>
          <TextField<ApplicationForm> name="phone" type="tel" label="Phone" autoComplete="tel" />
          <TextField<ApplicationForm> name="company" label="Company Name" autoComplete="organization" />
          <TextField<ApplicationForm> name="title" label="Job Title" autoComplete="organization-title" />
          <SelectField<ApplicationForm>
            name="industry"
            label="Industry"
            placeholder="Select your industry"
            options={industryChoices}
          />
          {industry === OTHER_INDUSTRY && (
            <TextField<ApplicationForm> name="customIndustry" label="Your Industry" />
          )}
          <SelectField<ApplicationForm>
            name="experience"
            label="Years of Experience"
            placeholder="Select years of experience"
            options={EXPERIENCE_CHOICES}
          />
          <TextareaField<ApplicationForm>
            name="businessDescription"
            label="Business Description"
            rows={4}
            className="sm:col-span-2"
          />
          <TextareaField<ApplicationForm>
            name="networkingGoals"
            label="Networking Goals"
            rows={4}
            className="sm:col-span-2"
          />
          <TextField<ApplicationForm>
            name="reference1"
            label="Reference 1 (optional)"
            placeholder="Name of a member or contact"
          />
          <TextField<ApplicationForm>
            name="reference2"
            label="Reference 2 (optional)"
            placeholder="Name of a member or contact"
          />
          <CheckboxField<ApplicationForm>
            name="terms"
            className="sm:col-span-2"
            label={
              <>
                I agree to the{' '}
                <a className="underline" href="/about#terms" target="_blank" rel="noopener noreferrer">
                  terms and conditions
                </a>{' '}
                and the members’ creed.
              </>
            }
          />
          <div className="sm:col-span-2">
            <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={submit.isPending}>
              {submit.isPending ? 'Submitting...' : 'Submit Application'}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
