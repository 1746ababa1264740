// Towage company shift: tugmasters are reached over radio links kept in an
// EscortPool<Link>. acquire() throws once the pool is shut down; shutdown()
// closes the idle links and a leased link stays open until its lease goes
// back, at which point release() closes it. The shift keeps one tug on
// standby for the whole shift through a lease held as a member.
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class TugRadio {
public:
  explicit TugRadio(const std::string &device)
      : fd_(::open(device.c_str(), O_WRONLY | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error("no radio on " + device);
  }
  void transmit(const std::string &msg) {
    if (fd_ < 0)
      throw std::runtime_error("tug radio closed: " + msg);
    if (::write(fd_, msg.data(), msg.size()) < 0)
      throw std::runtime_error("tug radio write failed");
  }
  void close() { ::close(std::exchange(fd_, -1)); }

private:
  int fd_;
};

template <typename Link> class EscortPool {
public:
  class Lease {
  public:
    Lease(EscortPool *pool, std::shared_ptr<Link> link)
        : pool_(pool), link_(std::move(link)) {}
    Lease(Lease &&o) noexcept : pool_(o.pool_), link_(std::move(o.link_)) {}
    Lease(const Lease &) = delete;
    ~Lease() {
      if (link_)
        pool_->release(std::move(link_));
    }
    Link *operator->() const { return link_.get(); }

  private:
    EscortPool *pool_;
    std::shared_ptr<Link> link_;
  };

  explicit EscortPool(std::vector<std::string> devices) {
    for (const std::string &d : devices)
      idle_.push_back(std::make_shared<Link>(d));
  }
  Lease acquire() {
    std::lock_guard<std::mutex> lk(mu_);
    if (shut_)
      throw std::runtime_error("escort pool shut down");
    if (idle_.empty())
      throw std::runtime_error("no tug available");
    std::shared_ptr<Link> link = std::move(idle_.back());
    idle_.pop_back();
    return Lease(this, std::move(link));
  }
  void shutdown() {
    std::lock_guard<std::mutex> lk(mu_);
    shut_ = true;
    for (auto &link : idle_)
      link->close();
    idle_.clear();
  }

private:
  void release(std::shared_ptr<Link> link) {
    std::lock_guard<std::mutex> lk(mu_);
    if (shut_) {
      link->close(); // OK: leased links are not closed by shutdown()
      return;
    }
    idle_.push_back(std::move(link));
  }

  std::mutex mu_;
  std::vector<std::shared_ptr<Link>> idle_;
  bool shut_ = false;
};

class TowageShift {
public:
  explicit TowageShift(std::vector<std::string> radios)
      : pool_(std::move(radios)), standby_(pool_.acquire()) {}

  void escort(const std::string &vessel) {
    auto tug = pool_.acquire(); // SAME: escort-after-closure
    tug->transmit("escort " + vessel + " from the fairway buoy");
  }
  void closePort(int pendingEscorts);
  void endShift();

private:
  EscortPool<TugRadio> pool_;
  EscortPool<TugRadio>::Lease standby_;
};

void TowageShift::closePort(int pendingEscorts) {
  pool_.shutdown();
  standby_->transmit("port closed, hold position"); // OK: the standby lease is still out
  if (pendingEscorts > 0) {
    auto tug = pool_.acquire(); // BUG: use-after-close
    tug->transmit(std::to_string(pendingEscorts) + " escorts cancelled");
  }
}

void TowageShift::endShift() {
  {
    auto tug = pool_.acquire();
    tug->transmit("shift ends at 18:00, return to berth");
  }
  pool_.shutdown();
  standby_->transmit("standby released after this call"); // OK: leased link closes on release
}

void galeWarning(TowageShift &shift, const std::vector<std::string> &alreadyInbound) {
  shift.closePort(0);
  for (const std::string &vessel : alreadyInbound)
    shift.escort(vessel); // BUG: use-after-close #escort-after-closure
}
