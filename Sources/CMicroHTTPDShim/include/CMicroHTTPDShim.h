#ifndef ROADTRIP_CMICROHTTPD_SHIM_H
#define ROADTRIP_CMICROHTTPD_SHIM_H

#include <stddef.h>
#include <microhttpd.h>

/// Every limit the daemon runs with. None of them is left to libmicrohttpd's defaults.
struct rt_mhd_settings {
    int listen_fd;                       /* a bound, listening socket; the daemon takes it over */
    unsigned int thread_pool_size;
    unsigned int connection_timeout;     /* seconds */
    unsigned int per_ip_connection_limit;
    unsigned int connection_limit;
    size_t connection_memory_limit;      /* bytes per connection */
    int strict_for_client;               /* 1: refuse requests that bend HTTP/1.1 */
    struct rt_mhd_header_list *own_answer_headers; /* for the answers the library makes itself; may be NULL */
};

typedef void (*rt_mhd_log_callback)(void *context, const char *message);

/// Where the daemon's own error messages go. Owned by the caller; must outlive the daemon.
struct rt_mhd_logger {
    rt_mhd_log_callback callback;
    void *context;
};

/// MHD_start_daemon is variadic, which Swift cannot call: this fixed-arity wrapper passes the options.
struct MHD_Daemon *rt_mhd_start(const struct rt_mhd_settings *settings,
                                MHD_AccessHandlerCallback handler, void *handler_context,
                                MHD_RequestCompletedCallback completed, void *completed_context,
                                struct rt_mhd_logger *logger);

/// The client's address as text ("203.0.113.7" or "2001:db8::1"); empty when unknown.
void rt_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size);

/// Header fields libmicrohttpd's own answers get too (the 400, 414 and 431 it sends for requests
/// it cannot parse, before RoadTrip sees them). Made with copies of `names` and `values`; must
/// outlive the daemon it is given to, then freed with `rt_mhd_header_list_free`.
struct rt_mhd_header_list;
struct rt_mhd_header_list *rt_mhd_header_list_create(const char *const *names, const char *const *values, size_t count);
void rt_mhd_header_list_free(struct rt_mhd_header_list *list);

/// A file that lives in memory only (memfd_create, close-on-exec, sealable): a body made once
/// and then sent from its descriptor like any file. -1 and errno on failure.
int rt_memory_file_create(const char *name);
/// No more changes to the file's bytes or size, by anyone, ever. -1 and errno on failure.
int rt_memory_file_seal(int fd);

#endif
