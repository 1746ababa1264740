// Append-only log of answered queries (it feeds per-client billing).
#pragma once
#include <cstdint>
#include <fstream>
#include <mutex>
#include <string>

namespace dnscache {

/// write() is called from the worker threads and takes writeMu_. rotate()
/// (control socket, SIGHUP) renames the file to "<path>.1" and reopens it;
/// rotateMu_ keeps two rotations apart. close() is idempotent. write() and
/// writeSummary() throw std::logic_error after close(): a lost line is a
/// billing defect, never silently acceptable.
class QueryLog {
public:
  explicit QueryLog(std::string path);
  ~QueryLog();
  QueryLog(const QueryLog &) = delete;
  QueryLog &operator=(const QueryLog &) = delete;

  bool open();
  void write(const std::string &client, const std::string &qname, uint16_t qtype, int rcode,
             bool cached);
  void writeSummary(uint64_t queries, uint64_t hits, uint64_t misses);
  bool rotate();
  void close();

private:
  std::string path_;
  std::ofstream out_;
  std::mutex writeMu_;
  std::mutex rotateMu_;
  bool closed_ = false;
};

} // namespace dnscache
