// CatalogConn: our own line protocol to the catalog service, over a TCP socket
// descriptor. Every call takes mu_, so one connection is shared by the run, the
// stats reporter and the listeners.
//
// Semantics:
//   - the constructor connects and throws CatalogError on failure;
//   - beginRun()/record()/recordChunk()/recordStats()/endRun() throw
//     CatalogError("catalog connection closed") once closed;
//   - beginRun() closes the connection and throws CatalogError when the service
//     rejects the run (the service drops the session after a rejection);
//   - reopen() reconnects a closed connection and returns false on failure;
//   - close() is idempotent; the destructor calls close().
#pragma once
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>

namespace backupd {

class CatalogError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class CatalogConn {
public:
  enum class State { Open, Closed };

  CatalogConn(std::string host, std::uint16_t port);
  ~CatalogConn();
  CatalogConn(const CatalogConn &) = delete;
  CatalogConn &operator=(const CatalogConn &) = delete;

  void beginRun(const std::string &runId);
  void record(const std::string &runId, const std::string &key, const std::string &value);
  void recordChunk(const std::string &runId, const std::string &chunkId, std::uint64_t bytes);
  void recordStats(const std::string &runId, const std::string &line);
  void endRun(const std::string &runId, const std::string &summary);
  bool reopen();
  void close();
  State state() const;

private:
  static int connectTo(const std::string &host, std::uint16_t port);
  std::string requestLocked(const std::string &line);
  void closeLocked();

  std::string host_;
  std::uint16_t port_;
  mutable std::mutex mu_;
  int fd_ = -1;
};

} // namespace backupd
