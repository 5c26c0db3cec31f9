// libmicrohttpd 0.9.75 (Debian 12) makes some answers itself — 414 and 431 when a request line or
// header block does not fit the connection's memory, 400 for a missing Host — and sends them
// without Content-Type or any of the headers RoadTrip puts on every answer. It offers no hook for
// them, but it queues them through its own exported MHD_queue_response, called through the PLT.
// This file defines MHD_queue_response in the program (exported by the linker flag in
// Package.swift), so those calls come here first: an answer of 400 or more that lacks a field of
// its daemon's list gets it, then the library's own function (found with RTLD_NEXT) sends it.
// RoadTrip's own answers already carry every field of the list, so at most a missing
// Content-Type is added to one of them (an empty error answer), which changes nothing.
#define _GNU_SOURCE
#include "CMicroHTTPDShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct rt_mhd_header_list {
    size_t count;
    char **names;
    char **values;
};

struct rt_mhd_header_list *rt_mhd_header_list_create(const char *const *names, const char *const *values, size_t count) {
    struct rt_mhd_header_list *list = calloc(1, sizeof *list);
    if (list == NULL) return NULL;
    list->names = calloc(count ? count : 1, sizeof(char *));
    list->values = calloc(count ? count : 1, sizeof(char *));
    if (list->names == NULL || list->values == NULL) {
        rt_mhd_header_list_free(list);
        return NULL;
    }
    for (size_t index = 0; index < count; index++) {
        list->names[index] = strdup(names[index]);
        list->values[index] = strdup(values[index]);
        list->count = index + 1;
        if (list->names[index] == NULL || list->values[index] == NULL) {
            rt_mhd_header_list_free(list);
            return NULL;
        }
    }
    return list;
}

void rt_mhd_header_list_free(struct rt_mhd_header_list *list) {
    if (list == NULL) return;
    for (size_t index = 0; index < list->count; index++) {
        free(list->names[index]);
        free(list->values[index]);
    }
    free(list->names);
    free(list->values);
    free(list);
}

// The connection's socket context is its daemon's list: read back when an answer is queued.
void rt_mhd_connection_started(void *cls, struct MHD_Connection *connection, void **socket_context, enum MHD_ConnectionNotificationCode code) {
    (void)connection;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) *socket_context = cls;
}

typedef enum MHD_Result (*queue_function)(struct MHD_Connection *, unsigned int, struct MHD_Response *);

static queue_function library_queue = NULL;
static pthread_once_t library_queue_once = PTHREAD_ONCE_INIT;

static void find_library_queue(void) {
    library_queue = (queue_function)dlsym(RTLD_NEXT, "MHD_queue_response");
}

static void add_missing_fields(struct MHD_Connection *connection, struct MHD_Response *response) {
    if (MHD_get_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE) == NULL) {
        // The library's bodies are short fixed HTML pages.
        MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "text/html; charset=utf-8");
    }
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    const struct rt_mhd_header_list *list = info == NULL ? NULL : info->socket_context;
    if (list == NULL) return;
    for (size_t index = 0; index < list->count; index++) {
        if (MHD_get_response_header(response, list->names[index]) == NULL) {
            MHD_add_response_header(response, list->names[index], list->values[index]);
        }
    }
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status_code, struct MHD_Response *response) {
    pthread_once(&library_queue_once, find_library_queue);
    if (library_queue == NULL) return MHD_NO;
    if (status_code >= 400 && connection != NULL && response != NULL) add_missing_fields(connection, response);
    return library_queue(connection, status_code, response);
}
