// Outbound mail relay built on a generic Pool<Conn>, instantiated as
// Pool<SmtpConnection> (delivery workers) and Pool<DnsClient> (MX lookups).
// Pool<Conn> owns every connection it creates; tryAcquire() hands one out as
// a Lease, a shared_ptr whose deleter returns the connection to the pool, or
// a null Lease once the pool is closed. close() closes every connection it created, leased ones
// included, and is idempotent. SmtpConnection::sendMessage() and
// DnsClient::resolveMx() throw std::runtime_error once their connection is
// closed; their close() is idempotent.
#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

template <typename Conn> class Pool {
public:
  using Lease = std::shared_ptr<Conn>;
  explicit Pool(std::function<std::unique_ptr<Conn>()> factory) : factory_(std::move(factory)) {}

  Lease tryAcquire() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_) return nullptr;
    if (idle_.empty()) {
      all_.push_back(factory_());
      idle_.push_back(all_.back().get());
    }
    Conn *conn = idle_.back();
    idle_.pop_back();
    return Lease(conn, [this](Conn *c) { giveBack(c); });
  }

  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_) return;
    closed_ = true;
    for (std::unique_ptr<Conn> &conn : all_)
      conn->close();
    idle_.clear();
  }
private:
  void giveBack(Conn *conn) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!closed_)
      idle_.push_back(conn);
  }
  std::function<std::unique_ptr<Conn>()> factory_;
  std::mutex mu_;
  std::vector<std::unique_ptr<Conn>> all_;
  std::vector<Conn *> idle_;
  bool closed_ = false;
};

struct Mail { std::string from, to, body; };

struct SmtpConnection {
  void sendMessage(const Mail &m) {
    if (closed_) throw std::runtime_error("smtp connection closed");
    sentBytes_ += m.body.size();
  }
  void close() { closed_ = true; }
  std::atomic<bool> closed_{false};
  std::atomic<size_t> sentBytes_{0};
};

struct DnsClient {
  std::string resolveMx(const std::string &domain) {
    if (closed_) throw std::runtime_error("dns client closed");
    return "mx1." + domain;
  }
  void close() { closed_ = true; }
  bool closed_ = false;
};

class MailRelay {
public:
  MailRelay() : smtp_([] { return std::make_unique<SmtpConnection>(); }) {}
  ~MailRelay() { stop(); }
  void start(size_t workers) {
    for (size_t i = 0; i < workers; ++i)
      workers_.emplace_back([this] { deliverLoop(); });
  }
  void enqueue(Mail m) {
    std::lock_guard<std::mutex> lock(mu_);
    queue_.push_back(std::move(m));
    cv_.notify_one();
  }
  void stop() {
    stopping_ = true;
    cv_.notify_all();
    smtp_.close(); // SAME: relay_race
    for (std::thread &t : workers_)
      t.join();
    workers_.clear();
  }
private:
  void deliverLoop() {
    for (;;) {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;
      Mail m = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      Pool<SmtpConnection>::Lease lease = smtp_.tryAcquire();
      if (!lease) return;
      try {
        lease->sendMessage(m); // BUG: use-after-close #relay_race
      } catch (const std::exception &) {
        ++failed_;
      }
    }
  }
  Pool<SmtpConnection> smtp_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Mail> queue_;
  std::vector<std::thread> workers_;
  std::atomic<bool> stopping_{false};
  std::atomic<int> failed_{0};
};

// Keeps one resolver leased for its whole life and caches answers.
class MxCache {
public:
  explicit MxCache(Pool<DnsClient> &pool) : lease_(pool.tryAcquire()) {}
  std::string lookup(const std::string &domain) {
    auto it = cache_.find(domain);
    if (it != cache_.end() || !lease_)
      return it != cache_.end() ? it->second : std::string();
    return cache_[domain] = lease_->resolveMx(domain); // SAME: pinned_dns
  }
private:
  Pool<DnsClient>::Lease lease_;
  std::map<std::string, std::string> cache_;
};

int main() {
  {
    MailRelay relay;
    relay.start(4);
    for (int i = 0; i < 200; ++i)
      relay.enqueue({"noreply@shop.example", "user" + std::to_string(i) + "@example.org", "order shipped"});
    relay.stop();
  } // OK: the destructor's second stop() reaches Pool::close(), which is idempotent
  Pool<DnsClient> dns([] { return std::make_unique<DnsClient>(); });
  MxCache mx(dns);
  mx.lookup("example.org");
  dns.close(); // resolver configuration reload
  mx.lookup("example.org"); // OK: answered from the cache, the client is not used
  if (Pool<DnsClient>::Lease fresh = dns.tryAcquire()) // OK: a closed pool hands out a null lease
    fresh->resolveMx("example.com");
  mx.lookup("example.net"); // BUG: use-after-close #pinned_dns
  return 0;
}
