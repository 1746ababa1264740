// A thread holds a mutex while it calls a helper that checks the connection
// and then uses it (`pingLocked()` from a probe's loop holding its
// unique_lock, the use in a try block; `cclPing()` from a lambda holding a
// lock_guard): the check is made under that mutex, so a close made holding
// it (`retarget()`, which also replaces the connection; `cclLockedClose()`)
// is serialized with the use. A close made without it races.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include <stdexcept>
#include <utility>
#include <vector>
namespace cclnet {

class Connection {
public:
  Connection() = default;
  explicit Connection(std::string endpoint) : endpoint_(std::move(endpoint)) {}

  void send(const std::string &payload) {
    if (closed_)
      throw std::runtime_error("connection closed: " + endpoint_);
    outbox_.push_back(payload);
  }

  void flush() {
    if (closed_)
      throw std::runtime_error("connection closed: cannot flush " + endpoint_);
    outbox_.clear();
  }

  void close() {
    closed_ = true;
    outbox_.clear();
  }

  bool isClosed() const { return closed_; }
  const std::string &endpoint() const { return endpoint_; }

private:
  std::string endpoint_;
  std::vector<std::string> outbox_;
  bool closed_ = false;
};

static bool cclPing(cclnet::Connection &C) {
  if (C.isClosed())
    return false;
  C.send("PING\n");
  return true;
}

void cclUnlockedClose(cclnet::Connection &C, std::mutex &M) {
  std::thread T([&] {
    std::lock_guard<std::mutex> L(M);
    cclPing(C);
  });
  // CHECK: callee-check-under-callers-lock.cpp:[[@LINE+1]]:5: warning: 'C' is closed while a thread that uses it may still be running
  C.close();
  T.join();
}

void cclLockedClose(cclnet::Connection &C, std::mutex &M) {
  std::thread T([&] {
    std::lock_guard<std::mutex> L(M);
    cclPing(C);
  });
  {
    std::lock_guard<std::mutex> L(M);
    C.close();
  }
  T.join();
}

} // namespace cclnet


namespace ccl {

class CclHealthProbe {
public:
  CclHealthProbe(std::string origin, std::chrono::seconds interval);
  ~CclHealthProbe();

  CclHealthProbe(const CclHealthProbe &) = delete;
  CclHealthProbe &operator=(const CclHealthProbe &) = delete;

  void start();
  void stop();
  // Points the probe at another origin; takes effect on the next ping.
  void retarget(const std::string &origin);

  bool healthy() const { return healthy_.load(); }
  unsigned consecutiveFailures() const { return failures_.load(); }

private:
  void loop();
  bool pingLocked();

  std::string origin_;
  const std::chrono::seconds interval_;
  cclnet::Connection conn_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool running_ = false;
  std::thread thread_;
  std::atomic<bool> healthy_{false};
  std::atomic<unsigned> failures_{0};
};

} // namespace ccl
#include <cstdio>
namespace ccl { namespace log { template <class... A> void info(const char*, A...) {} template <class... A> void debug(const char*, A...) {} } }
namespace ccl {

CclHealthProbe::CclHealthProbe(std::string origin, std::chrono::seconds interval)
    : origin_(std::move(origin)), interval_(interval), conn_(origin_) {}

CclHealthProbe::~CclHealthProbe() { stop(); } // OK: cclnet::Connection::close() tolerates a second call

void CclHealthProbe::start() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (running_ || thread_.joinable())
    return;
  running_ = true;
  thread_ = std::thread([this] { loop(); });
}

void CclHealthProbe::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (running_) {
    const bool ok = pingLocked();
    if (ok != healthy_.exchange(ok))
      log::info("origin %s is %s", origin_.c_str(), ok ? "healthy again" : "not answering");
    wake_.wait_for(lock, interval_, [this] { return !running_; });
  }
}

bool CclHealthProbe::pingLocked() {
  if (conn_.isClosed()) {
    ++failures_;
    return false;
  }
  try {
    conn_.send("PING\n"); // OK: stop() joins this thread before it closes the connection
    conn_.flush();
    failures_ = 0;
    return true;
  } catch (const std::exception &e) {
    log::debug("origin %s: ping failed: %s", origin_.c_str(), e.what());
    ++failures_;
    return false;
  }
}

void CclHealthProbe::retarget(const std::string &origin) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (origin == origin_)
    return;
  conn_.close();
  origin_ = origin;
  conn_ = cclnet::Connection(origin_);
  conn_.send("PING\n"); // OK: a fresh connection replaced the closed one
  conn_.flush();
  healthy_ = false;
  wake_.notify_all();
}

void CclHealthProbe::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    running_ = false;
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
  conn_.close(); // OK: the probe thread has been joined
}

} // namespace ccl
