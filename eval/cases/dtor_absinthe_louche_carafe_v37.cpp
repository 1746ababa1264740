// Absinthe bar: every louche carafe has a drip valve driven over a serial line.
// A ValveLease opens the valve for one service and closes it in its destructor;
// a CarafeStation keeps its lease in a std::optional for the evening. The
// top-up after the pour block, the rinse after end_service() and the last
// drip after the tab's leases are cleared run on a valve that a lease's
// destructor has already closed.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class DripValve {
 public:
  explicit DripValve(std::string dev) : dev_(std::move(dev)) {}
  DripValve(const DripValve&) = delete;
  DripValve& operator=(const DripValve&) = delete;

  void open() {
    fd_ = ::open(dev_.c_str(), O_RDWR | O_NOCTTY);
    if (fd_ < 0) throw std::runtime_error("drip valve: cannot open " + dev_);
  }
  void drip(int drops) {
    if (fd_ < 0) throw std::runtime_error("drip valve: closed");
    char cmd[24];
    int n = std::snprintf(cmd, sizeof cmd, "DRIP %d\n", drops);
    if (::write(fd_, cmd, static_cast<size_t>(n)) != n)
      throw std::runtime_error("drip valve: short write");
  }
  void close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }
  bool is_open() const { return fd_ >= 0; }

 private:
  std::string dev_;
  int fd_ = -1;
};

// Opens the valve for the lifetime of the lease and shuts it when the lease dies.
class ValveLease {
 public:
  explicit ValveLease(DripValve& v) : v_(v) { v_.open(); }
  ~ValveLease() { v_.close(); }
  ValveLease(const ValveLease&) = delete;
  ValveLease& operator=(const ValveLease&) = delete;

 private:
  DripValve& v_;
};

class CarafeStation {
 public:
  explicit CarafeStation(const std::string& dev) : valve_(dev) {}

  void begin_service() { lease_.emplace(valve_); }
  void end_service() { lease_.reset(); }

  void pour(int drops) {
    if (!lease_) throw std::runtime_error("carafe station: not in service");
    valve_.drip(drops);  // OK: only reached while the lease holds the valve open
  }
  // Flushes sugar residue out of the spout with a long drip.
  void rinse() {
    valve_.drip(40);  // SAME: rinse
  }

 private:
  DripValve valve_;
  std::optional<ValveLease> lease_;
};

// Pours one flight of glasses, then tops up the last glass.
void pour_flight(DripValve& carafe, const std::vector<int>& glasses) {
  {
    ValveLease lease(carafe);
    for (int drops : glasses) {
      carafe.drip(drops);  // OK: inside the lease's scope
    }
  }
  carafe.drip(2);  // BUG: use-after-close
}

void open_bar(CarafeStation& st) {
  st.begin_service();
  st.rinse();  // OK: the optional lease was just emplaced
  st.pour(6);
}

void last_call(CarafeStation& st) {
  st.pour(3);
  st.end_service();
  st.rinse();  // BUG: use-after-close #rinse
}

// A tasting uses a unique_ptr whose deleter closes the valve.
struct ValveCloser {
  void operator()(DripValve* v) const { v->close(); }
};

void tasting(DripValve& v, int samples) {
  v.open();
  std::unique_ptr<DripValve, ValveCloser> closer(&v);
  for (int i = 0; i < samples; ++i) {
    v.drip(1);  // OK: the deleter has not run yet
  }
  closer.reset();
  if (v.is_open()) v.drip(1);  // OK: guarded by is_open()
}

// Closing a tab destroys every lease opened for it.
void close_tab(std::vector<std::unique_ptr<ValveLease>>& tab_leases, DripValve& house) {
  tab_leases.push_back(std::make_unique<ValveLease>(house));
  house.drip(1);  // OK: the lease in the vector keeps the valve open
  tab_leases.clear();
  house.drip(1);  // BUG: use-after-close
}

void two_carafes(DripValve& green, DripValve& blanche) {
  ValveLease keep_green(green);
  {
    ValveLease short_blanche(blanche);
    blanche.drip(4);
  }
  green.drip(4);  // OK: green's lease is still alive in this scope
}
