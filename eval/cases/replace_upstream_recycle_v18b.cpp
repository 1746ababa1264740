// API gateway: a Gateway relays client requests to an Upstream. When the
// upstream reports it is overloaded, the gateway retires it (closes it and
// parks it in draining_ until in-flight replies are collected) and connects a
// fresh one. A hot-standby upstream is kept in a std::optional and rebuilt by
// reset()/emplace(). relayBatch() caches a raw pointer to the upstream before
// the loop; after a retirement that pointer refers to the retired, closed
// upstream, which is still alive in draining_.
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// Upstream: request() throws std::runtime_error after close(); close() is
// idempotent. overloaded() turns true after kCapacity requests.
class Upstream {
public:
  explicit Upstream(std::string addr) : addr_(std::move(addr)) {}

  std::string request(const std::string &body) {
    if (closed_)
      throw std::runtime_error("upstream " + addr_ + " is closed");
    ++served_;
    return "200 " + body;
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }
  bool overloaded() const { return served_ >= kCapacity; }

private:
  static constexpr int kCapacity = 4;
  std::string addr_;
  int served_ = 0;
  bool closed_ = false;
};

class Gateway {
public:
  explicit Gateway(std::string addr)
      : addr_(std::move(addr)), upstream_(std::make_unique<Upstream>(addr_)) {
    standby_.emplace(addr_ + "-standby");
  }

  std::string relay(const std::string &body) {
    if (upstream_->overloaded())
      retireUpstream();
    return upstream_->request(body); // OK: retireUpstream() installed a fresh upstream
  }

  std::vector<std::string> relayBatch(const std::vector<std::string> &bodies) {
    std::vector<std::string> replies;
    Upstream *up = upstream_.get();
    for (const auto &b : bodies) {
      if (upstream_->overloaded())
        retireUpstream();
      replies.push_back(up->request(b)); // BUG: use-after-close
    }
    return replies;
  }

  std::string viaStandby(const std::string &body) {
    if (standby_->overloaded()) {
      standby_->close();
      standby_.reset();
      standby_.emplace(addr_ + "-standby");
    }
    return standby_->request(body); // OK: reset() and emplace() built a new standby
  }

  void collectDrained() {
    std::vector<std::unique_ptr<Upstream>> keep;
    for (auto &u : draining_)
      if (!u->closed())
        keep.push_back(std::move(u));
    draining_.swap(keep);
  }

private:
  void retireUpstream() {
    upstream_->close();
    draining_.push_back(std::move(upstream_));
    upstream_ = std::make_unique<Upstream>(addr_);
    std::fprintf(stderr, "gateway: retired upstream, %zu draining\n", draining_.size());
  }

  std::string addr_;
  std::unique_ptr<Upstream> upstream_;
  std::vector<std::unique_ptr<Upstream>> draining_;
  std::optional<Upstream> standby_;
};

int main() {
  Gateway gw("orders-api:8443");
  for (int i = 0; i < 6; ++i)
    std::printf("%s\n", gw.relay("GET /orders/" + std::to_string(i)).c_str());
  for (int i = 0; i < 6; ++i)
    std::printf("%s\n", gw.viaStandby("GET /health").c_str());

  try {
    auto replies = gw.relayBatch({"a", "b", "c", "d", "e"});
    std::printf("%zu replies\n", replies.size());
  } catch (const std::exception &e) {
    std::fprintf(stderr, "batch failed: %s\n", e.what());
  }
  gw.collectDrained();
  return 0;
}
