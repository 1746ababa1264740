//===- HttpBackend.cpp - Cache entries on an HTTP server -----------------===//
//
// The layout of ccache's HTTP storage ("flat") and of common cache servers:
// an entry is BASE/ADDRESS, read with GET (404: missing) and written with
// PUT; a HEAD request at the start tells whether the server answers at all,
// so that one that is down costs one timeout, not one per file. libcurl does the talking, over one connection kept alive, with a
// timeout on connecting and on each whole request; user and password in the
// URL are sent as basic authentication.
//
//===----------------------------------------------------------------------===//

#include "CacheBackend.h"

#include <curl/curl.h>

#include <cstring>
#include <mutex>

namespace errlint {
namespace {

/// curl_global_init is not thread-safe: called once, before any request.
void initCurlOnce() {
  static std::once_flag Once;
  std::call_once(Once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

/// Appends a response body to a string, refusing bodies larger than any
/// entry errlint writes.
size_t appendBody(char *Data, size_t Size, size_t N, void *Out) {
  auto *S = static_cast<std::string *>(Out);
  if (S->size() + Size * N > MaxEntryBytes)
    return 0; // Makes curl fail the transfer.
  S->append(Data, Size * N);
  return Size * N;
}

/// What a PUT sends.
struct Upload {
  const std::string *Bytes;
  size_t Offset = 0;
};

size_t readUpload(char *Buffer, size_t Size, size_t N, void *In) {
  auto *U = static_cast<Upload *>(In);
  size_t Len = std::min(Size * N, U->Bytes->size() - U->Offset);
  std::memcpy(Buffer, U->Bytes->data() + U->Offset, Len);
  U->Offset += Len;
  return Len;
}

/// Ignores the bodies of PUT and HEAD replies.
size_t discardBody(char *, size_t Size, size_t N, void *) { return Size * N; }

class HttpBackend : public CacheBackend {
public:
  HttpBackend(const CacheLocation &L, const BackendLimits &Limits)
      : Base(L.Url), Limits(Limits) {
    initCurlOnce();
    H = curl_easy_init();
  }
  ~HttpBackend() override {
    if (H)
      curl_easy_cleanup(H);
  }

  /// The URL without its user and password.
  std::string name() const override {
    size_t Scheme = Base.find("://") + 3;
    size_t Slash = Base.find('/', Scheme);
    size_t At = Base.rfind('@', Slash);
    if (At == std::string::npos || At < Scheme)
      return Base;
    return Base.substr(0, Scheme) + Base.substr(At + 1);
  }

  CacheReply open() override {
    if (!H)
      return CacheReply::failed("cannot start libcurl");
    long Code = 0;
    // Any status (a 404 most often) says that the server is there.
    return request(urlOf("errlint-probe"), Code, [&] {
      curl_easy_setopt(H, CURLOPT_NOBODY, 1L);
      curl_easy_setopt(H, CURLOPT_WRITEFUNCTION, discardBody);
    });
  }

  CacheReply get(const std::string &Address, std::string &Bytes) override {
    long Code = 0;
    Bytes.clear();
    CacheReply R = request(urlOf(Address), Code, [&] {
      curl_easy_setopt(H, CURLOPT_HTTPGET, 1L);
      curl_easy_setopt(H, CURLOPT_WRITEFUNCTION, appendBody);
      curl_easy_setopt(H, CURLOPT_WRITEDATA, &Bytes);
    });
    if (R.Status != CacheStatus::Ok)
      return R;
    if (Code == 404)
      return CacheReply::missing();
    if (Code != 200)
      return CacheReply::failed("GET: HTTP " + std::to_string(Code));
    return CacheReply::ok();
  }

  CacheReply put(const std::string &Address,
                 const std::string &Bytes) override {
    long Code = 0;
    Upload U{&Bytes};
    CacheReply R = request(urlOf(Address), Code, [&] {
      curl_easy_setopt(H, CURLOPT_UPLOAD, 1L);
      curl_easy_setopt(H, CURLOPT_READFUNCTION, readUpload);
      curl_easy_setopt(H, CURLOPT_READDATA, &U);
      curl_easy_setopt(H, CURLOPT_INFILESIZE_LARGE,
                       static_cast<curl_off_t>(Bytes.size()));
      curl_easy_setopt(H, CURLOPT_WRITEFUNCTION, discardBody);
    });
    if (R.Status != CacheStatus::Ok)
      return R;
    if (Code < 200 || Code >= 300)
      return CacheReply::refused("PUT: HTTP " + std::to_string(Code));
    return CacheReply::ok();
  }

private:
  std::string urlOf(const std::string &Address) const {
    return Base + "/" + Address;
  }

  /// One request: the common options, then Setup's, then the transfer. The
  /// handle is reset but keeps its connection.
  template <typename SetupFn>
  CacheReply request(const std::string &Url, long &Code, SetupFn Setup) {
    curl_easy_reset(H);
    curl_easy_setopt(H, CURLOPT_URL, Url.c_str());
    curl_easy_setopt(H, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(H, CURLOPT_CONNECTTIMEOUT_MS,
                     static_cast<long>(Limits.TimeoutMs));
    curl_easy_setopt(H, CURLOPT_TIMEOUT_MS,
                     static_cast<long>(Limits.TimeoutMs));
    curl_easy_setopt(H, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(H, CURLOPT_USERAGENT, "errlint");
    Setup();
    CURLcode C = curl_easy_perform(H);
    // Only appendBody fails a write: a body larger than any entry.
    if (C == CURLE_WRITE_ERROR)
      return CacheReply::missing();
    if (C == CURLE_OPERATION_TIMEDOUT)
      return CacheReply::failed("no answer within " +
                                std::to_string(Limits.TimeoutMs) + " ms");
    if (C != CURLE_OK)
      return CacheReply::failed(curl_easy_strerror(C));
    curl_easy_getinfo(H, CURLINFO_RESPONSE_CODE, &Code);
    return CacheReply::ok();
  }

  std::string Base;
  BackendLimits Limits;
  CURL *H = nullptr;
};

} // namespace

std::unique_ptr<CacheBackend> makeHttpBackend(const CacheLocation &L,
                                              const BackendLimits &Limits) {
  return std::make_unique<HttpBackend>(L, Limits);
}

} // namespace errlint
