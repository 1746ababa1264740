// SpoolReader: scans the spool directory for *.push files (header block, empty
// line, body), submits each notification and deletes the accepted files. Its
// thread rescans every interval while it holds the spool lock and refreshes
// the lock's heartbeat after each scan.
// Bug #spoolbody (use-after-close) and BUG (double-close) in processFile():
// readHeader() (notification.cpp) closes the stream when the header is
// malformed, as notification.h documents; this caller only counts the error
// and "delivers with defaults": readBody() then fgets() from the closed FILE*
// (SAME line in notification.cpp) and the fclose() below closes it again,
// both undefined behaviour.
// Bug #spoolrelease (use-after-close): stop() releases (closes) the lock
// before it joins the thread (SAME line in stop()); a scan in progress then
// ends with lock_.touch(), whose pwrite() goes to the released descriptor,
// or to whatever file or socket has been given that number in the meantime
// (the worker threads are still delivering and opening sockets).
#include "pushgw/spool_reader.h"

#include <algorithm>
#include <cstdio>
#include <dirent.h>
#include <utility>
#include <vector>

namespace pushgw {

SpoolReader::SpoolReader(std::string dir, Submit submit,
                         std::chrono::milliseconds interval)
    : dir_(std::move(dir)), submit_(std::move(submit)), interval_(interval),
      lock_(dir_) {}

SpoolReader::~SpoolReader() { stop(); } // BUG: double-close #lockdtor

bool SpoolReader::start() {
  if (running_)
    return true;
  if (!lock_.acquire())
    return false;
  running_ = true;
  thread_ = std::thread([this] { run(); });
  return true;
}

void SpoolReader::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (!running_)
      return;
    running_ = false;
  }
  cv_.notify_all();
  lock_.release(); // SAME: spoolrelease
  if (thread_.joinable())
    thread_.join();
}

void SpoolReader::run() {
  while (running_) {
    scanOnce();
    lock_.touch(); // BUG: use-after-close #spoolrelease
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait_for(lk, interval_, [this] { return !running_; });
  }
}

std::size_t SpoolReader::scanOnce() {
  std::vector<std::string> files;
  if (DIR *dir = ::opendir(dir_.c_str())) {
    while (const dirent *entry = ::readdir(dir)) {
      const std::string name = entry->d_name;
      if (name.size() > 5 && name.compare(name.size() - 5, 5, ".push") == 0)
        files.push_back(dir_ + "/" + name);
    }
    ::closedir(dir);
  } else {
    std::perror(("spool: " + dir_).c_str());
    return 0;
  }
  std::sort(files.begin(), files.end());
  std::size_t accepted = 0;
  for (const std::string &path : files)
    if (processFile(path))
      ++accepted;
  return accepted;
}

bool SpoolReader::processFile(const std::string &path) {
  std::FILE *f = std::fopen(path.c_str(), "r");
  if (!f)
    return false;
  Notification n;
  if (!readHeader(f, n)) {
    ++malformed_;
    std::fprintf(stderr, "spool: %s: malformed header, delivering with defaults\n",
                 path.c_str());
    n.priority = kDefaultPriority;
  }
  n.body = readBody(f); // BUG: use-after-close #spoolbody
  std::fclose(f); // BUG: double-close
  if (n.id.empty())
    n.id = makeNotificationId();
  if (!submit_(n))
    return false; // not accepting now: the file stays for the next scan
  if (std::remove(path.c_str()) != 0)
    std::perror(("spool: remove " + path).c_str());
  return true;
}

} // namespace pushgw
