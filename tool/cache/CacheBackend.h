//===- CacheBackend.h - Where cached results are kept ----------*- C++ -*-===//
//
// The result cache (ResultCache.h) keeps its entries, opaque bytes under a
// hex address, in one or more backends: a directory on this machine, a Redis
// server (hiredis) or an HTTP server that answers GET, PUT and HEAD on
// BASE/ADDRESS (libcurl), as ccache's HTTP storage and common cache servers
// do. A backend only moves bytes: what an entry means, and whether it can be
// trusted, is decided by ResultCache.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_CACHEBACKEND_H
#define ERRLINT_CACHEBACKEND_H

#include "CacheLocation.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>

namespace errlint {

/// What one request to a backend gave.
enum class CacheStatus {
  Ok,      ///< Read (found) or written.
  Missing, ///< No entry at that address.
  Failed,  ///< The backend could not be reached or did not answer in time.
  Refused, ///< The backend answered, but would not do it (a refused write).
};

/// The outcome of a request, with what went wrong for messages.
struct CacheReply {
  CacheStatus Status = CacheStatus::Ok;
  std::string Error;

  static CacheReply ok() { return {CacheStatus::Ok, ""}; }
  static CacheReply missing() { return {CacheStatus::Missing, ""}; }
  static CacheReply failed(std::string E) {
    return {CacheStatus::Failed, std::move(E)};
  }
  static CacheReply refused(std::string E) {
    return {CacheStatus::Refused, std::move(E)};
  }
};

/// One place entries are kept.
class CacheBackend {
public:
  virtual ~CacheBackend();

  /// The location for messages and --parse-stats, without its password.
  virtual std::string name() const = 0;
  /// A directory on this machine: filled from the remote backends on a hit,
  /// and still written by --cache-mode=remote-read-only.
  virtual bool isLocal() const { return false; }
  /// Makes the backend ready (a directory created, a server reached); a
  /// failure leaves it unused for the run.
  virtual CacheReply open() = 0;
  /// The entry at Address into Bytes.
  virtual CacheReply get(const std::string &Address, std::string &Bytes) = 0;
  /// Stores Bytes at Address, replacing what was there.
  virtual CacheReply put(const std::string &Address,
                         const std::string &Bytes) = 0;
};

/// How long a remote backend may take.
struct BackendLimits {
  /// For connecting, and for each request.
  unsigned TimeoutMs = 2000;
};

/// The backend at L.
std::unique_ptr<CacheBackend> makeBackend(const CacheLocation &L,
                                          const BackendLimits &Limits);

/// The backends, one kind each (DirectoryBackend.cpp, RedisBackend.cpp,
/// HttpBackend.cpp).
std::unique_ptr<CacheBackend> makeDirectoryBackend(std::string Dir);
std::unique_ptr<CacheBackend> makeRedisBackend(const CacheLocation &L,
                                               const BackendLimits &Limits);
std::unique_ptr<CacheBackend> makeHttpBackend(const CacheLocation &L,
                                              const BackendLimits &Limits);

/// An entry larger than this is refused: it is not one errlint wrote.
constexpr size_t MaxEntryBytes = 64u << 20;

} // namespace errlint

#endif
