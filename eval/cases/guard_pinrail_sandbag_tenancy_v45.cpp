// Fly gallery of a theatre: spot-line chain winches hang next to the pin rail
// and its sandbag-weighted hemp sets. Each winch is driven through a WinchLink
// (a serial descriptor; send() throws once the link is closed). Cue operators
// either own a dedicated link (SpotLineOperator) or lease one from the
// WinchPool for a single cue; a lease converts to true only while its link is
// open, and goes back to the pool when it goes out of scope.
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class WinchLink {
public:
  explicit WinchLink(std::string dev) : dev_(std::move(dev)) { reopen(); }
  ~WinchLink() { close(); }
  WinchLink(const WinchLink &) = delete;
  WinchLink &operator=(const WinchLink &) = delete;

  bool reopen() {
    if (fd_ < 0)
      fd_ = ::open(dev_.c_str(), O_RDWR | O_NOCTTY);
    return fd_ >= 0;
  }
  bool isOpen() const { return fd_ >= 0; }
  void close() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }
  void send(const std::string &cmd) {
    if (fd_ < 0)
      throw std::runtime_error("winch link " + dev_ + " is closed");
    ::write(fd_, cmd.data(), cmd.size());
  }

private:
  std::string dev_;
  int fd_ = -1;
};

class WinchPool {
public:
  class Lease {
  public:
    Lease(WinchPool *pool, WinchLink *link) : pool_(pool), link_(link) {}
    Lease(Lease &&other) noexcept
        : pool_(std::exchange(other.pool_, nullptr)), link_(std::exchange(other.link_, nullptr)) {}
    Lease &operator=(Lease &&) = delete;
    ~Lease() {
      if (pool_ && link_)
        pool_->idle_.push_back(link_);
    }
    explicit operator bool() const { return link_ && link_->isOpen(); }
    WinchLink *operator->() const { return link_; }

  private:
    WinchPool *pool_;
    WinchLink *link_;
  };

  void add(WinchLink *link) {
    all_.push_back(link);
    idle_.push_back(link);
  }
  Lease acquire() {
    if (idle_.empty())
      return Lease(nullptr, nullptr);
    WinchLink *link = idle_.back();
    idle_.pop_back();
    return Lease(this, link);
  }
  void closeAll() {
    for (WinchLink *link : all_)
      link->close();
  }

private:
  std::vector<WinchLink *> all_;
  std::vector<WinchLink *> idle_;
};

class SpotLineOperator {
public:
  explicit SpotLineOperator(WinchLink &link) : link_(&link) {}

  bool usable() const { return link_ && link_->isOpen() && !faulted_; }

  void trim(int mm) {
    if (!usable())
      return;
    link_->send("TRIM " + std::to_string(mm) + "\r");
  }

  void fly(int mm, int loadKg) {
    if (!link_->isOpen())
      return;
    link_->send("FLY " + std::to_string(mm) + "\r");
    if (loadKg > kSafeWorkingLoadKg)
      link_->close();
    link_->send("LOAD " + std::to_string(loadKg) + "\r"); // BUG: use-after-close
  }

  void fault() {
    faulted_ = true;
    link_->close();
  }

  void recover() {
    if (!link_->isOpen() && !link_->reopen())
      return;
    faulted_ = false;
    link_->send("HOME\r"); // OK
  }

private:
  static constexpr int kSafeWorkingLoadKg = 250;
  WinchLink *link_;
  bool faulted_ = false;
};

void flyOutSandbag(WinchPool &pool, int mm) {
  if (auto lease = pool.acquire())
    lease->send("FLY " + std::to_string(mm) + "\r"); // OK
}

void houseLightsUp(WinchPool &pool) {
  auto lease = pool.acquire();
  if (!lease)
    return;
  lease->send("HOLD\r");
  pool.closeAll();
  lease->send("BRAKE\r"); // BUG: use-after-close
}

int main() {
  WinchLink sl1("/dev/ttyWINCH1"), sl2("/dev/ttyWINCH2"), sl3("/dev/ttyWINCH3");
  WinchPool pool;
  pool.add(&sl2);
  pool.add(&sl3);

  SpotLineOperator op(sl1);
  op.fly(4200, 180);
  op.fault();
  op.trim(4150); // OK
  op.recover();
  op.trim(4150);

  pool.closeAll();
  flyOutSandbag(pool, 6100); // OK
  sl2.reopen();
  flyOutSandbag(pool, 6100);
  houseLightsUp(pool);
}
