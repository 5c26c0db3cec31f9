#ifndef ROADTRIP_CCURL_SHIM_H
#define ROADTRIP_CCURL_SHIM_H

#include <stdint.h>
#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one
   fixed-arity wrapper per argument type. Function pointers get wrappers of their own,
   since C does not promise that they survive a trip through void *. */

CURLcode rt_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode rt_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value);
/* The string is copied by libcurl (true of every string option since 7.17). */
CURLcode rt_curl_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode rt_curl_set_pointer(CURL *handle, CURLoption option, void *value);
CURLcode rt_curl_set_write_function(CURL *handle, curl_write_callback callback);
CURLcode rt_curl_set_opensocket_function(CURL *handle, curl_opensocket_callback callback);

CURLcode rt_curl_get_long(CURL *handle, CURLINFO info, long *value);
/* The string belongs to the handle and lives until the next transfer or cleanup. */
CURLcode rt_curl_get_string(CURL *handle, CURLINFO info, const char **value);

/* The address curl is about to connect to, as raw bytes: 4 for IPv4, 16 for IPv6.
   Returns the number of bytes written to `bytes`, 0 for any other family. */
int rt_curl_address_bytes(const struct curl_sockaddr *address, uint8_t bytes[16]);

#endif
