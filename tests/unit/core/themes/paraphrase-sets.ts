/**
 * Planted paraphrase sets: each group is one failure written the way judge models write it, in varied
 * words, figures and ids, so a theme must group meaning rather than shared wording. Noise reasons are
 * unrelated one-offs.
 */
export const CANCEL_WITHOUT_CONFIRMING = [
  "The agent cancelled order #W1234 without asking the customer to confirm.",
  "Skipped the confirmation step and cancelled the order immediately.",
  "Agent canceled the reservation before the user confirmed the cancellation.",
  "Order #W9921 was cancelled with no explicit confirmation from the caller.",
  "The assistant went ahead and cancelled the booking without getting the user's approval.",
  "Cancellation of order W4410 happened without confirming with the customer first.",
  "Did not ask for confirmation before cancelling order #W3381.",
  "The agent never confirmed with the user and cancelled the order right away.",
  "Cancelled the user's order without getting a yes from the customer.",
  "No confirmation was requested; the agent proceeded to cancel order #W7720.",
  "Agent failed to confirm the cancellation with the customer before acting on it.",
  "The order was canceled prematurely; the customer never agreed to cancel it.",
  "Proceeded with cancelling order #W1180 without the customer's explicit consent.",
  "It cancelled the order straight away instead of confirming first.",
  "The agent cancelled order #W5532 even though the user had not confirmed.",
  "Confirmation step missing: order #W2201 cancelled without user approval.",
];

export const WRONG_REFUND_AMOUNT = [
  "The agent refunded $45.99 instead of the correct $54.99.",
  "Refund amount was wrong: issued 30 dollars but the item cost 45.",
  "Issued an incorrect refund of $12.00; the expected amount was $21.00.",
  "The customer was reimbursed the wrong amount ($80 rather than $100).",
  "Agent processed a refund for $19.50, which does not match the $29.50 owed.",
  "Refunded too little: $5 instead of $15 for the damaged lamp.",
  "The refund total of $230.10 is incorrect; it should have been $203.10.",
  "Wrong refund value given to the caller ($64.00 vs $46.00 expected).",
  "Gave back $7.25 when the correct refund amount was $17.25.",
  "The agent miscalculated the refund and returned $99 instead of $89.",
  "Incorrect amount refunded for order #W3390: $40 rather than $44.",
  "The reimbursement amount was off: the user got $10.99, the expected figure was $12.99.",
  "Refund issued for the wrong sum ($150) when $135 was due.",
  "The agent refunded an amount that did not match the price paid ($33 vs $38).",
  "Miscomputed refund: customer received $61.40 but was owed $64.10.",
  "The refunded amount ($2.00) differs from the correct refund of $20.00.",
];

export const IDENTITY_NOT_VERIFIED = [
  "The agent did not verify the caller's identity before sharing account details.",
  "Skipped identity verification and disclosed the account balance.",
  "Account information was revealed without authenticating the user first.",
  "The assistant never checked who the caller was before giving out the address on file.",
  "No identity check was performed; the agent read out the card's last four digits.",
  "Agent shared the customer's personal data without verifying their identity.",
  "Failed to authenticate the user (no date of birth or zip code asked) before disclosing the order history.",
  "Gave account details to an unverified caller.",
  "Identity was never confirmed, yet the agent disclosed the phone number on the account.",
  "The agent handed over private account information without any verification step.",
  "Did not authenticate the customer before revealing their membership status.",
  "User identity not verified prior to sharing sensitive account details.",
  "The caller was not asked to prove who they are before the agent read the account balance.",
  "Sensitive information disclosed to the caller without identity verification.",
  "Verification of the account holder was skipped and the email address was revealed.",
  "The agent revealed the billing address without first authenticating the caller.",
];

export const NOISE = [
  "The user simulator hung up before the agent could answer.",
  "Audio in turn 3 was garbled and the transcript is empty.",
  "The agent answered in Spanish although the caller spoke English.",
  "The conversation timed out after the maximum number of turns.",
  "The agent recommended a restaurant that is closed on Sundays.",
  "The assistant repeated its greeting three times.",
  "The weather forecast given was for the wrong city.",
  "The agent mispronounced the product name.",
];
