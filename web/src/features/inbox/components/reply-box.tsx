import { SendOutlined } from "@ant-design/icons";
import { zodResolver } from "@hookform/resolvers/zod";
import { ownerReplySchema, type OwnerReply } from "@rebound/contracts/domain";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Input } from "antd";
import { useState, type KeyboardEvent } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { ApiError, errorMessage } from "@/shared/api/client";
import { FormField } from "@/shared/ui/form-field";
import { SegmentCount } from "@/shared/ui/segment-count";
import { inboxKeys, useSendReply } from "../api/conversations";
import { REPLY_FAILED } from "../lib/inbox-display";

/** A failed send in the owner's words: the server's message (409 opted out or not registered, 402 no subscription), else a default. */
export function replyErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 402) return errorMessage(error, "Replies need an active subscription. Choose a plan in Billing & Plans.");
  return errorMessage(error, REPLY_FAILED);
}

/** The owner's reply: validated with the contracts' ownerReplySchema, sent from the business's Rebound number. */
export function ReplyBox({ conversationId, disabled = false }: { conversationId: string; disabled?: boolean }) {
  const send = useSendReply(conversationId);
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, formState } = useForm<OwnerReply>({
    resolver: zodResolver(ownerReplySchema),
    defaultValues: { body: "" },
  });
  const body = useWatch({ control, name: "body" }) ?? "";

  const onSubmit = handleSubmit((reply) => {
    setServerError(null);
    send.mutate(reply, {
      onSuccess: () => reset({ body: "" }),
      onError: (error) => {
        // A 409 can mean the caller just opted out: read the thread again, so its notice shows.
        if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: inboxKeys.thread(conversationId) });
        const field = error instanceof ApiError ? error.fieldErrors.body : undefined;
        if (field) setError("body", { message: field });
        else setServerError(replyErrorMessage(error));
      },
    });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void onSubmit();
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="rb-reply" aria-label="Reply">
      {serverError ? (
        <Alert
          type="error"
          showIcon
          title={serverError}
          role="alert"
          className="rb-thread__notice"
          data-testid="reply-error"
          closable={{ onClose: () => setServerError(null) }}
        />
      ) : null}
      <Controller
        control={control}
        name="body"
        render={({ field }) => (
          <FormField id="reply-body" label="Your reply" error={formState.errors.body?.message}>
            <Input.TextArea
              {...field}
              disabled={disabled}
              autoSize={{ minRows: 2, maxRows: 6 }}
              placeholder={disabled ? "You can't text this caller" : "Write a text to this caller"}
              onKeyDown={onKeyDown}
            />
          </FormField>
        )}
      />
      <div className="rb-reply__foot">
        <SegmentCount text={body} className="rb-reply__count" />
        <Button type="primary" htmlType="submit" icon={<SendOutlined aria-hidden />} loading={send.isPending} disabled={disabled}>
          Send
        </Button>
      </div>
    </form>
  );
}
