// Yacht race committee: every boat carries a tracker uplink that reports its position fix to the
// committee boat. A dropped uplink is replaced in several ways: a spare unit made with
// make_unique, a fresh object assigned over the old one, an optional that is re-emplaced, or a
// swap with the spare on the pontoon. The helmsman's reconnect only replaces the uplink when a
// spare is aboard, and after the swap the "spare" variable holds the dead unit.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class TrackerUplink {
 public:
  explicit TrackerUplink(const std::string& dev) : fd_(::open(dev.c_str(), O_WRONLY)) {
    if (fd_ < 0) throw std::runtime_error("tracker: cannot open " + dev);
  }
  TrackerUplink(TrackerUplink&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  TrackerUplink& operator=(TrackerUplink&& o) noexcept {
    if (this != &o) {
      if (fd_ >= 0) ::close(fd_);
      fd_ = std::exchange(o.fd_, -1);
    }
    return *this;
  }
  ~TrackerUplink() {
    if (fd_ >= 0) ::close(fd_);
  }
  void send_fix(double lat, double lon) {
    if (fd_ < 0) throw std::runtime_error("tracker uplink closed");
    char msg[64];
    int n = std::snprintf(msg, sizeof msg, "FIX %.5f %.5f\n", lat, lon);
    if (::write(fd_, msg, static_cast<size_t>(n)) != n) throw std::runtime_error("tracker: write failed");
  }
  void close() {
    if (fd_ < 0) throw std::runtime_error("tracker uplink already closed");
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

class Helmsman {
 public:
  Helmsman(const std::string& dev, std::string spare_dev)
      : uplink_(std::make_unique<TrackerUplink>(dev)), spare_dev_(std::move(spare_dev)) {}

  void reconnect(bool spare_aboard, double lat, double lon) {
    if (!uplink_) return;
    uplink_->close();
    if (spare_aboard) uplink_ = std::make_unique<TrackerUplink>(spare_dev_);
    uplink_->send_fix(lat, lon);  // BUG: use-after-close
  }

  void reconnect_checked(bool spare_aboard, double lat, double lon) {
    if (!uplink_) return;
    uplink_->close();
    if (!spare_aboard) {
      uplink_.reset();
      return;
    }
    uplink_ = std::make_unique<TrackerUplink>(spare_dev_);
    uplink_->send_fix(lat, lon);  // OK: replaced on the only path that reaches here
  }

 private:
  std::unique_ptr<TrackerUplink> uplink_;
  std::string spare_dev_;
};

class CommitteeBoat {
 public:
  explicit CommitteeBoat(const std::string& dev) { mark_.emplace(dev); }
  void move_mark(const std::string& dev, double lat, double lon) {
    if (mark_) mark_->close();
    mark_.emplace(dev);
    mark_->send_fix(lat, lon);  // OK: emplaced after the close
  }
  void retire_mark(bool relay_available, const std::string& relay_dev, double lat, double lon) {
    if (mark_) mark_->close();
    mark_.reset();
    if (relay_available) mark_.emplace(relay_dev);
    if (mark_) mark_->send_fix(lat, lon);  // OK: only when re-emplaced
  }

 private:
  std::optional<TrackerUplink> mark_;
};

void keel_boat_swap(const std::string& dev, const std::string& pontoon_dev, double lat, double lon) {
  TrackerUplink primary(dev);
  TrackerUplink spare(pontoon_dev);
  primary.close();
  std::swap(primary, spare);
  primary.send_fix(lat, lon);  // OK: the pontoon spare was swapped in
  spare.send_fix(lat, lon);  // BUG: use-after-close
}

void dinghy_fresh_unit(const std::string& dev_a, const std::string& dev_b, double lat, double lon) {
  TrackerUplink unit(dev_a);
  unit.send_fix(lat, lon);
  unit.close();
  unit = TrackerUplink(dev_b);
  unit.send_fix(lat, lon);  // OK: a fresh unit assigned over the closed one
  unit.close();  // OK: closes the fresh unit once
}
