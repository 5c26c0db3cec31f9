#include "CMicroHTTPDShim.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

static void forward_log(void *cls, const char *format, va_list ap) {
    struct rt_mhd_logger *logger = cls;
    char message[512];
    vsnprintf(message, sizeof message, format, ap);
    size_t length = strlen(message);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == '\r')) {
        message[--length] = '\0';
    }
    logger->callback(logger->context, message);
}

// own_answers.c: gives each connection its daemon's list of header fields.
void rt_mhd_connection_started(void *cls, struct MHD_Connection *connection, void **socket_context, enum MHD_ConnectionNotificationCode code);

struct MHD_Daemon *rt_mhd_start(const struct rt_mhd_settings *s,
                                MHD_AccessHandlerCallback handler, void *handler_context,
                                MHD_RequestCompletedCallback completed, void *completed_context,
                                struct rt_mhd_logger *logger) {
    // poll(), not epoll: with epoll, MHD_quiesce_daemon (how a stop refuses new connections
    // while requests finish) races the pool's workers, which take the listening socket out of
    // their epoll sets themselves, and aborts the process when it loses ("Failed to remove
    // listen FD from epoll set"; libmicrohttpd 0.9.75, still open upstream). With poll() each
    // worker is woken through its ITC and leaves the socket out of its next poll set.
    // A worker polls only its share of the connections, so poll's cost per wake-up stays small.
    unsigned int flags = MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG | MHD_USE_ITC;
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, handler_context,
        MHD_OPTION_EXTERNAL_LOGGER, forward_log, logger,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)s->listen_fd,
        MHD_OPTION_THREAD_POOL_SIZE, s->thread_pool_size,
        MHD_OPTION_CONNECTION_TIMEOUT, s->connection_timeout,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, s->per_ip_connection_limit,
        MHD_OPTION_CONNECTION_LIMIT, s->connection_limit,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, s->connection_memory_limit,
        MHD_OPTION_STRICT_FOR_CLIENT, s->strict_for_client,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_NOTIFY_CONNECTION, rt_mhd_connection_started, s->own_answer_headers,
        MHD_OPTION_END);
}

void rt_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size) {
    buffer[0] = '\0';
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, (socklen_t)size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, (socklen_t)size);
    }
}
