//===- RedisBackend.cpp - Cache entries in a Redis server ----------------===//
//
// Entries are Redis strings named "errlint:ADDRESS", read with GET and
// written with SET through hiredis, with a timeout on connecting and on
// every reply. How long entries live is the server's policy (maxmemory with
// allkeys-lru, docs/ci.md).
//
//===----------------------------------------------------------------------===//

#include "CacheBackend.h"

#include "llvm/ADT/StringRef.h"

#include <hiredis/hiredis.h>

#include <cerrno>
#include <cstring>

#include <string>
#include <vector>

using llvm::StringRef;

namespace errlint {
namespace {

/// Frees a reply at scope exit.
struct ReplyDeleter {
  void operator()(redisReply *R) const { freeReplyObject(R); }
};
using ReplyPtr = std::unique_ptr<redisReply, ReplyDeleter>;

class RedisBackend : public CacheBackend {
public:
  RedisBackend(const CacheLocation &L, const BackendLimits &Limits)
      : L(L), Limits(Limits) {}
  ~RedisBackend() override { disconnect(); }

  std::string name() const override {
    std::string N = "redis://" + L.Host + ":" + std::to_string(L.Port);
    return L.Database ? N + "/" + std::to_string(L.Database) : N;
  }

  CacheReply open() override { return connect(); }

  CacheReply get(const std::string &Address, std::string &Bytes) override {
    std::string Key = "errlint:" + Address;
    ReplyPtr R;
    if (CacheReply E = command({"GET", Key}, R); E.Status != CacheStatus::Ok)
      return E;
    if (R->type == REDIS_REPLY_NIL)
      return CacheReply::missing();
    if (R->type != REDIS_REPLY_STRING)
      return CacheReply::failed(replyError(R.get(), "GET"));
    if (R->len > MaxEntryBytes)
      return CacheReply::missing();
    Bytes.assign(R->str, R->len);
    return CacheReply::ok();
  }

  CacheReply put(const std::string &Address,
                 const std::string &Bytes) override {
    ReplyPtr R;
    if (CacheReply E = command({"SET", "errlint:" + Address, Bytes}, R);
        E.Status != CacheStatus::Ok)
      return E;
    // READONLY (a replica), OOM (full without an eviction policy), NOPERM.
    if (R->type == REDIS_REPLY_ERROR)
      return CacheReply::refused(replyError(R.get(), "SET"));
    return CacheReply::ok();
  }

private:
  timeval timeout() const {
    return {static_cast<time_t>(Limits.TimeoutMs / 1000),
            static_cast<suseconds_t>(Limits.TimeoutMs % 1000) * 1000};
  }

  /// Connects, authenticates and selects the database.
  CacheReply connect() {
    C = redisConnectWithTimeout(L.Host.c_str(), static_cast<int>(L.Port),
                                timeout());
    if (!C || C->err) {
      std::string E = C ? C->errstr : "out of memory";
      disconnect();
      return CacheReply::failed("cannot connect: " + E);
    }
    redisSetTimeout(C, timeout());
    std::vector<std::string> Auth{"AUTH"};
    if (!L.User.empty())
      Auth.push_back(L.User);
    Auth.push_back(L.Password);
    if (!L.Password.empty())
      if (CacheReply E = expectOk(Auth); E.Status != CacheStatus::Ok)
        return E;
    if (L.Database)
      return expectOk({"SELECT", std::to_string(L.Database)});
    return expectOk({"PING"});
  }

  /// Runs a setup command; any error reply leaves the backend unused.
  CacheReply expectOk(const std::vector<std::string> &Args) {
    ReplyPtr R;
    if (CacheReply E = command(Args, R); E.Status != CacheStatus::Ok)
      return E;
    if (R->type == REDIS_REPLY_ERROR) {
      std::string E = replyError(R.get(), Args.front());
      disconnect();
      return CacheReply::failed(E);
    }
    return CacheReply::ok();
  }

  /// Sends Args (binary-safe) and reads the reply. A connection that timed
  /// out or broke is dropped: a late reply must not answer the next request.
  CacheReply command(const std::vector<std::string> &Args, ReplyPtr &Out) {
    if (!C)
      if (CacheReply E = connect(); E.Status != CacheStatus::Ok)
        return E;
    std::vector<const char *> Argv;
    std::vector<size_t> Lens;
    for (const std::string &A : Args) {
      Argv.push_back(A.data());
      Lens.push_back(A.size());
    }
    Out.reset(static_cast<redisReply *>(redisCommandArgv(
        C, static_cast<int>(Argv.size()), Argv.data(), Lens.data())));
    if (Out)
      return CacheReply::ok();
    // hiredis says "Resource temporarily unavailable" for a timeout.
    std::string E = StringRef(C->errstr) == std::strerror(EAGAIN)
                        ? "no answer within " +
                              std::to_string(Limits.TimeoutMs) + " ms"
                        : std::string(C->errstr);
    disconnect();
    return CacheReply::failed(Args.front() + ": " + E);
  }

  static std::string replyError(const redisReply *R, const std::string &Cmd) {
    if (R->type == REDIS_REPLY_ERROR)
      return Cmd + ": " + std::string(R->str, R->len);
    return Cmd + ": unexpected reply type " + std::to_string(R->type);
  }

  void disconnect() {
    if (C)
      redisFree(C);
    C = nullptr;
  }

  CacheLocation L;
  BackendLimits Limits;
  redisContext *C = nullptr;
};

} // namespace

std::unique_ptr<CacheBackend> makeRedisBackend(const CacheLocation &L,
                                               const BackendLimits &Limits) {
  return std::make_unique<RedisBackend>(L, Limits);
}

} // namespace errlint
