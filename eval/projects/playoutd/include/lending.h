// Pool<Res>: a fixed set of expensive resources handed out as move-only
// leases. shutdown() closes every resource, leased or idle, so callers must
// make sure no lease is still in use when they call it.
#pragma once
#include <condition_variable>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

template <class Res> class Pool {
public:
  class Lease {
  public:
    Lease() = default;
    Lease(Pool *pool, Res *res) : pool_(pool), res_(res) {}
    Lease(Lease &&other) noexcept
        : pool_(other.pool_), res_(std::exchange(other.res_, nullptr)) {}
    Lease &operator=(Lease &&) = delete;
    Lease(const Lease &) = delete;
    ~Lease() {
      if (res_)
        pool_->giveBack(res_);
    }
    Res *operator->() const { return res_; }
    Res &operator*() const { return *res_; }
    explicit operator bool() const { return res_ != nullptr; }

  private:
    Pool *pool_ = nullptr;
    Res *res_ = nullptr;
  };

  void add(std::unique_ptr<Res> res) {
    std::lock_guard<std::mutex> lock(mu_);
    idle_.push_back(res.get());
    all_.push_back(std::move(res));
    cv_.notify_one();
  }

  /// Blocks until a resource is idle. Returns an empty lease once shut.
  Lease acquire() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return shut_ || !idle_.empty(); });
    if (shut_)
      return Lease();
    Res *res = idle_.back();
    idle_.pop_back();
    return Lease(this, res);
  }

  void shutdown() {
    std::lock_guard<std::mutex> lock(mu_);
    if (shut_)
      return;
    shut_ = true;
    for (auto &res : all_)
      res->close();
    idle_.clear();
    cv_.notify_all();
  }

  bool isShut() const {
    std::lock_guard<std::mutex> lock(mu_);
    return shut_;
  }

private:
  void giveBack(Res *res) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!shut_)
      idle_.push_back(res);
    cv_.notify_one();
  }

  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::unique_ptr<Res>> all_;
  std::vector<Res *> idle_;
  bool shut_ = false;
};
