#include <libpq-fe.h>

// PG_DIAG_SQLSTATE and its siblings are character literals, which Swift does not import.
static const int CPostgreSQL_DIAG_SQLSTATE = PG_DIAG_SQLSTATE;
static const int CPostgreSQL_DIAG_MESSAGE_PRIMARY = PG_DIAG_MESSAGE_PRIMARY;
