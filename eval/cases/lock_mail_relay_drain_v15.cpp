// Outbound mail relay client for the notification service. A worker thread
// sends queued envelopes over the relay connection (net::Connection: send()
// and flush() throw once closed). The worker pops, checks isClosed() and
// sends while holding mu_, and close() closes the connection while holding
// the same mutex, so a send never overlaps or follows a close; drain() waits
// on a condition variable until the queue is empty. close() is idempotent
// (it returns early once the connection is closed). The keepalive thread in
// sendDigest() is joined before the connection it uses is closed.
// Correct throughout: no use after close and no double close.
#include "netconn.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class RelayClient {
public:
  explicit RelayClient(std::string endpoint) : conn_(std::move(endpoint)) {}
  ~RelayClient() { close(); }
  void start() { worker_ = std::thread([this] { run(); }); }
  void submit(std::string envelope);
  void drain();
  void close();

private:
  void run();

  net::Connection conn_;
  std::mutex mu_;
  std::condition_variable work_, idle_;
  std::deque<std::string> queue_;
  bool stopping_ = false;
  std::thread worker_;
};

void RelayClient::submit(std::string envelope) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopping_)
    throw std::runtime_error("relay client closed");
  queue_.push_back(std::move(envelope));
  work_.notify_one();
}

void RelayClient::run() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    work_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty())
      return;
    std::string envelope = std::move(queue_.front());
    queue_.pop_front();
    if (conn_.isClosed()) {
      queue_.clear();
      idle_.notify_all();
      return;
    }
    conn_.send(envelope); // OK: isClosed() checked and send done under mu_, which close() holds
    conn_.flush();
    if (queue_.empty())
      idle_.notify_all();
  }
}

void RelayClient::drain() {
  std::unique_lock<std::mutex> lock(mu_);
  idle_.wait(lock, [this] { return queue_.empty(); });
}

void RelayClient::close() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (conn_.isClosed())
      return;
    stopping_ = true;
    conn_.close(); // OK: the worker only sends while holding mu_ and re-checks isClosed()
  }
  work_.notify_all();
  idle_.notify_all();
  if (worker_.joinable())
    worker_.join();
}

void sendDigest(const std::vector<std::string> &envelopes) {
  RelayClient client("smtp-relay.internal:25");
  client.start();
  for (const std::string &e : envelopes)
    client.submit(e);
  client.drain();

  net::Connection audit("audit-relay.internal:25");
  std::atomic<bool> stopKeepalive{false};
  std::mutex auditMu;
  std::thread keepalive([&] {
    while (!stopKeepalive) {
      {
        std::lock_guard<std::mutex> lock(auditMu);
        audit.send("NOOP"); // OK: this thread is joined before audit.close()
      }
      std::this_thread::sleep_for(std::chrono::seconds(1));
    }
  });
  {
    std::lock_guard<std::mutex> lock(auditMu);
    audit.send("DIGEST " + std::to_string(envelopes.size()));
  }
  stopKeepalive = true;
  keepalive.join();
  audit.close();
  client.close();
}
