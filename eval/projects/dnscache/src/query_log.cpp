// Append-only log of answered queries.
#include "dnscache/query_log.h"

#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "dnscache/logging.h"

namespace dnscache {

namespace {
std::string timestamp() {
  char buf[32];
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}
} // namespace

QueryLog::QueryLog(std::string path) : path_(std::move(path)) {}

QueryLog::~QueryLog() {
  close(); // OK: close() is idempotent (closed_ under writeMu_)
}

bool QueryLog::open() {
  std::lock_guard<std::mutex> lk(writeMu_);
  out_.open(path_, std::ios::out | std::ios::app);
  return out_.is_open();
}

void QueryLog::write(const std::string &client, const std::string &qname, uint16_t qtype,
                     int rcode, bool cached) {
  const std::string stamp = timestamp();
  std::lock_guard<std::mutex> lk(writeMu_);
  if (closed_)
    throw std::logic_error("query log: write() after close()");
  out_ << stamp << ' ' << client << ' ' << (qname.empty() ? "." : qname) << ' ' << qtype << ' ' << rcode << (cached ? " C\n" : " U\n"); // BUG: use-after-close #logrotate — rotate() closes out_ on the control/signal thread holding only rotateMu_, so this write on a worker can hit the closed stream (line lost) or race the reopen
}

void QueryLog::writeSummary(uint64_t queries, uint64_t hits, uint64_t misses) {
  std::lock_guard<std::mutex> lk(writeMu_);
  if (closed_)
    throw std::logic_error("query log: writeSummary() after close()");
  out_ << "# " << timestamp() << " summary queries=" << queries << " hits=" << hits
       << " misses=" << misses << '\n';
  out_.flush();
}

bool QueryLog::rotate() {
  std::lock_guard<std::mutex> rl(rotateMu_); // one rotation at a time
  out_.flush();
  out_.close(); // SAME: logrotate
  const std::string rotated = path_ + ".1";
  if (std::rename(path_.c_str(), rotated.c_str()) != 0)
    logWarn("query log: cannot rename %s to %s", path_.c_str(), rotated.c_str());
  out_.open(path_, std::ios::out | std::ios::app);
  return out_.is_open();
}

void QueryLog::close() {
  std::lock_guard<std::mutex> lk(writeMu_);
  if (closed_)
    return;
  closed_ = true;
  out_.close();
}

} // namespace dnscache
