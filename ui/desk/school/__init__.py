"""The school server page and its panels: registrations waiting, sign-ins, refused batches."""
