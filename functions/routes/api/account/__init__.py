"""The member center (`/api/account/…`), one module per task: `overview`, `profile`, `bind` (change a
bound e-mail/mobile), `password` (change password, retrieve a forgotten one), `log` (balance and
points logs). Every call needs the member token (`ba-user-token`), except `retrievePassword`."""
