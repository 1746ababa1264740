// On-disk retry buffer. Records are appended one per line to
// <dir>/current.spool; <dir>/spool.idx remembers the segment generation, the
// record count and the committed segment length.
#include "logship/spool.h"
#include "logship/log.h"
#include "logship/util.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <vector>

namespace logship {

Spool::Spool(std::string dir, std::size_t maxBytes) : dir_(std::move(dir)), maxBytes_(maxBytes) {}

Spool::~Spool() { close(); } // OK: close() returns early when already closed

namespace {
std::size_t countLines(const std::string &path) {
  std::ifstream in(path);
  std::size_t n = 0;
  std::string line;
  while (std::getline(in, line))
    ++n;
  return n;
}
} // namespace

bool Spool::open() {
  std::lock_guard<std::mutex> lk(mu_);
  if (out_.is_open())
    return true;
  ::mkdir(dir_.c_str(), 0750);

  // Length of the segment at the last clean close; -1 marks a bad index.
  long long committed = 0;
  {
    std::ifstream idx(indexPath());
    if (idx && !(idx >> generation_ >> records_ >> committed))
      committed = -1;
  }
  struct stat st {};
  if (::stat(segmentPath().c_str(), &st) == 0) {
    if (committed < 0 || committed > st.st_size) {
      log_warn("spool: index does not match %s, discarding it", segmentPath().c_str());
      std::remove(segmentPath().c_str());
      bytes_ = 0;
      records_ = 0;
    } else {
      bytes_ = static_cast<std::size_t>(st.st_size);
      records_ = countLines(segmentPath());
    }
  } else {
    bytes_ = 0;
    records_ = 0;
  }
  out_.open(segmentPath(), std::ios::app);
  if (!out_) {
    log_error("spool: cannot open %s: %s", segmentPath().c_str(), std::strerror(errno));
    return false;
  }
  return true;
}

bool Spool::append(const std::string &record) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!out_.is_open())
    return false;
  if (bytes_ + record.size() + 1 > maxBytes_ && !rotateLocked())
    return false;
  out_ << record << '\n'; // OK: rotateLocked() reopened the stream, or we returned above
  out_.flush();
  if (!out_) {
    log_error("spool: write failed: %s", std::strerror(errno));
    out_.clear();
    return false;
  }
  bytes_ += record.size() + 1;
  ++records_;
  return true;
}

bool Spool::rotateLocked() {
  out_.close();
  const std::string archived = segmentPath() + "." + std::to_string(++generation_);
  if (std::rename(segmentPath().c_str(), archived.c_str()) != 0) {
    log_warn("spool: cannot archive the segment: %s", std::strerror(errno));
    out_.open(segmentPath(), std::ios::app); // keep appending to the big one
    return out_.is_open();
  }
  log_info("spool: segment archived as %s (%zu records)", archived.c_str(), records_);
  out_.open(segmentPath(), std::ios::trunc);
  bytes_ = 0;
  records_ = 0;
  if (!out_.is_open())
    return false;
  writeIndexLocked(); // OK: the stream was reopened just above
  return true;
}

std::size_t Spool::replay(const std::function<bool(const std::string &)> &sink) {
  std::lock_guard<std::mutex> lk(mu_);
  if (!out_.is_open() || records_ == 0)
    return 0;
  out_.flush();

  std::ifstream in(segmentPath());
  std::vector<std::string> undelivered;
  std::string rec;
  std::size_t sent = 0;
  bool failed = false;
  while (std::getline(in, rec)) {
    if (!failed && sink(rec)) {
      ++sent;
      continue;
    }
    failed = true; // keep the order: once one fails, keep everything after it
    undelivered.push_back(std::move(rec));
  }
  in.close();

  // Rewrite the segment with what is left.
  out_.close();
  out_.open(segmentPath(), std::ios::trunc);
  if (!out_.is_open()) {
    // Nothing was truncated: delivered records will be sent again next time.
    log_error("spool: cannot rewrite %s: %s", segmentPath().c_str(), std::strerror(errno));
    return sent;
  }
  bytes_ = 0;
  for (const auto &r : undelivered) {
    out_ << r << '\n'; // OK: reopened and checked right before the loop
    bytes_ += r.size() + 1;
  }
  out_.flush();
  records_ = undelivered.size();
  writeIndexLocked();
  return sent;
}

bool Spool::snapshot(const std::string &dest) {
  std::lock_guard<std::mutex> lk(mu_);
  if (out_.is_open())
    out_.flush(); // OK: flush only while open
  return util::copyFile(segmentPath(), dest);
}

void Spool::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!out_.is_open())
    return;
  out_.flush();
  out_.close();
  writeIndexLocked(); // BUG: use-after-close #spool-index
}

void Spool::writeIndexLocked() {
  std::ofstream idx(indexPath(), std::ios::trunc);
  idx << generation_ << ' ' << records_ << ' '
      << static_cast<long long>(out_.tellp()) << '\n'; // SAME: spool-index
  idx.close();
  if (!idx) // OK: reading the state of a closed stream is fine
    log_warn("spool: cannot write %s", indexPath().c_str());
}

bool Spool::isOpen() const {
  std::lock_guard<std::mutex> lk(mu_);
  return out_.is_open();
}

std::size_t Spool::pending() const {
  std::lock_guard<std::mutex> lk(mu_);
  return records_;
}

} // namespace logship
