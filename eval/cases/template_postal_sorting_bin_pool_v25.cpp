// Postal sorting centre: parcels coming off the induction belt are routed to
// a free sorting chute, loaded into tray carts for the outbound trucks, and
// re-scanned by a hand scanner when the barcode could not be read. Chutes,
// carts and hand scanners are leased from fixed pools; a pool refuses leases
// once it has been shut down, and shutting a pool down twice is a protocol
// error. The centre stops at the end of the shift or, on a jam, stops the
// cart conveyors first.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace sorting {

template <typename R> class LeasePool {
public:
  LeasePool(std::string name, std::vector<R> items) : name_(std::move(name)), items_(std::move(items)) {
    for (size_t i = 0; i < items_.size(); ++i)
      free_.push_back(i);
  }

  R *acquire() {
    if (shutDown_)
      throw std::logic_error(name_ + " pool is shut down");
    if (free_.empty())
      return nullptr;
    size_t idx = free_.back();
    free_.pop_back();
    return &items_[idx];
  }

  void release(R *item) {
    if (shutDown_ || item == nullptr)
      return;
    free_.push_back(static_cast<size_t>(item - items_.data()));
  }

  void shutdown() {
    if (shutDown_)
      throw std::logic_error(name_ + " pool already shut down");
    shutDown_ = true;
    free_.clear();
  }

  bool isShutDown() const { return shutDown_; }
  size_t available() const { return free_.size(); }

private:
  std::string name_;
  std::vector<R> items_;
  std::vector<size_t> free_;
  bool shutDown_ = false;
};

struct Chute {
  int number = 0;
  std::string zipPrefix;
  int parcels = 0;
};

struct TrayCart {
  std::string tag;
  int trays = 0;
};

struct HandScanner {
  std::string serial;
};

struct Parcel {
  std::string barcode;
  std::string zip;
  bool readable = true;
};

class SortingCenter {
public:
  SortingCenter(std::vector<Chute> chutes, std::vector<TrayCart> carts,
                std::vector<HandScanner> scanners)
      : chutes_("chutes", std::move(chutes)), carts_("carts", std::move(carts)),
        scanners_("scanners", std::move(scanners)) {}

  bool route(Parcel &p);
  bool loadCart(Chute &chute);
  void stop();
  void emergencyStop();
  void endOfShift();

private:
  LeasePool<Chute> chutes_;
  LeasePool<TrayCart> carts_;
  LeasePool<HandScanner> scanners_;
};

bool SortingCenter::route(Parcel &p) {
  if (chutes_.isShutDown())
    return false;
  if (!p.readable) {
    HandScanner *s = scanners_.acquire(); // OK
    if (!s)
      return false;
    p.readable = true;
    scanners_.release(s);
  }
  Chute *c = chutes_.acquire(); // OK
  if (!c)
    return false;
  c->parcels += 1;
  bool ok = true;
  if (c->parcels >= 40)
    ok = loadCart(*c);
  chutes_.release(c);
  return ok;
}

bool SortingCenter::loadCart(Chute &chute) {
  TrayCart *cart = carts_.acquire();
  if (!cart)
    return false;
  cart->trays += 1;
  chute.parcels = 0;
  carts_.release(cart);
  return true;
}

void SortingCenter::stop() {
  scanners_.shutdown();
  chutes_.shutdown();
  carts_.shutdown(); // SAME: estop
}

void SortingCenter::emergencyStop() {
  carts_.shutdown();
  stop(); // BUG: double-close #estop
}

void SortingCenter::endOfShift() {
  if (chutes_.isShutDown())
    return;
  stop(); // OK
}

} // namespace sorting
