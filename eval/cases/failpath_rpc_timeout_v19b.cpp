// Control-plane RPC client of a storage node. RpcChannel::call() waits for the
// reply; on timeout it closes the channel and throws TimeoutError. fetchLeases()
// replaces the channel after a timeout and ping() checks closed() before
// closing. fetchConfig() retries on the same (now closed) channel, and
// drainPeer() closes the channel again after call() closed it on timeout;
// describe() swallows a timeout of an optional call and keeps using the channel.
#include <chrono>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>

struct TimeoutError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// RpcChannel: call() throws std::runtime_error once the channel is closed; on
// a reply timeout it closes the channel and throws TimeoutError. close() twice
// throws std::logic_error. deliver() is called by the I/O thread.
class RpcChannel {
public:
  explicit RpcChannel(std::string peer) : peer_(std::move(peer)) {}
  std::string call(const std::string &request, std::chrono::milliseconds timeout);
  void deliver(std::string reply) {
    std::lock_guard<std::mutex> lk(mu_);
    replies_.push_back(std::move(reply));
    cv_.notify_one();
  }
  void close();
  bool closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

private:
  std::string peer_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> replies_;
  bool closed_ = false;
};

std::string RpcChannel::call(const std::string &request, std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lk(mu_);
  if (closed_)
    throw std::runtime_error("rpc channel to " + peer_ + " is closed");
  std::clog << "rpc -> " << peer_ << ": " << request << '\n';
  if (!cv_.wait_for(lk, timeout, [this] { return !replies_.empty(); })) {
    closed_ = true; // the stream is out of sync once a reply is missing
    throw TimeoutError("rpc " + request + " to " + peer_ + " timed out");
  }
  std::string reply = std::move(replies_.front());
  replies_.pop_front();
  return reply;
}

void RpcChannel::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::logic_error("rpc channel to " + peer_ + " closed twice");
  closed_ = true;
}

using namespace std::chrono_literals;

std::string fetchConfig(RpcChannel &ch) {
  for (int attempt = 1; attempt <= 3; ++attempt) {
    try {
      return ch.call("GET /config", 500ms); // BUG: use-after-close
    } catch (const TimeoutError &e) {
      std::cerr << "config: attempt " << attempt << ": " << e.what() << '\n';
    }
  }
  throw std::runtime_error("config unavailable");
}

std::string fetchLeases(std::shared_ptr<RpcChannel> &ch, const std::string &peer) {
  try {
    return ch->call("GET /leases", 500ms);
  } catch (const TimeoutError &) {
    ch = std::make_shared<RpcChannel>(peer);
  }
  return ch->call("GET /leases", 2000ms); // OK: a new channel replaced the closed one
}

void drainPeer(RpcChannel &ch) {
  try {
    ch.call("POST /drain", 10s);
  } catch (const TimeoutError &e) {
    std::cerr << "drain: " << e.what() << ", dropping channel\n";
    ch.close(); // BUG: double-close
    return;
  }
  ch.close(); // OK: call() returned normally, so it did not close
}

std::string describe(RpcChannel &ch) {
  std::string version = "unknown";
  try {
    version = ch.call("GET /version", 300ms);
  } catch (const TimeoutError &) {
    // the version is informational only
  }
  return version + " up " + ch.call("GET /uptime", 300ms); // BUG: use-after-close
}

bool ping(RpcChannel &ch) {
  try {
    ch.call("PING", 200ms);
    return true;
  } catch (const TimeoutError &) {
    if (!ch.closed())
      ch.close();
    return false;
  }
}
