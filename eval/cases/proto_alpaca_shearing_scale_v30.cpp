// Alpaca shearing shed: the fleece scale on the skirting table is read through
// a FleeceScaleLink. A display thread shows the live weight to the shearers
// while the classer records each fleece against the animal's ear tag. The
// link's close() can be called more than once (later calls do nothing); any
// read or tare after close() throws.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class FleeceScaleLink {
public:
  explicit FleeceScaleLink(std::string port) : port_(std::move(port)) {}

  double grams() const {
    ensureOpen();
    std::lock_guard<std::mutex> lock(mu_);
    return rawGrams_ - tareGrams_;
  }

  void tare() {
    ensureOpen();
    std::lock_guard<std::mutex> lock(mu_);
    tareGrams_ = rawGrams_;
  }

  void close() {
    if (closed_.exchange(true))
      return;
    std::lock_guard<std::mutex> lock(mu_);
    rawGrams_ = tareGrams_ = 0.0;
  }

  bool isClosed() const { return closed_.load(); }

private:
  void ensureOpen() const {
    if (closed_.load())
      throw std::runtime_error("fleece scale " + port_ + " is closed");
  }

  std::string port_;
  std::atomic<bool> closed_{false};
  mutable std::mutex mu_;
  double rawGrams_ = 0.0;
  double tareGrams_ = 0.0;
};

class FleeceRegister {
public:
  void record(const std::string &earTag, double grams, char grade) {
    std::lock_guard<std::mutex> lock(mu_);
    fleeces_[earTag] = {grams, grade};
  }
  std::size_t count() const {
    std::lock_guard<std::mutex> lock(mu_);
    return fleeces_.size();
  }

private:
  struct Entry {
    double grams;
    char grade;
  };
  mutable std::mutex mu_;
  std::map<std::string, Entry> fleeces_;
};

static char gradeFor(double grams) {
  if (grams > 3000)
    return 'A';
  return grams > 1800 ? 'B' : 'C';
}

void weighFleece(FleeceScaleLink &scale, FleeceRegister &reg, const std::string &earTag) {
  scale.tare(); // OK
  double g = scale.grams();
  reg.record(earTag, g, gradeFor(g));
}

void shearingRun(FleeceScaleLink &scale, FleeceRegister &reg,
                 const std::vector<std::string> &tags, std::size_t maxFleeces) {
  std::atomic<bool> showing{true};
  std::thread display([&] {
    while (showing.load()) {
      std::printf("\r%8.0f g", scale.grams()); // BUG: use-after-close #fleece-display
      std::fflush(stdout);
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
  });

  for (const std::string &tag : tags) {
    if (reg.count() >= maxFleeces)
      break;
    weighFleece(scale, reg, tag);
  }

  scale.close(); // SAME: fleece-display
  showing = false;
  display.join();
  scale.close(); // OK
}

double lastReading(const FleeceScaleLink &scale) {
  if (scale.isClosed())
    return 0.0;
  return scale.grams(); // OK
}

void reweighAfterSkirting(FleeceScaleLink &scale, FleeceRegister &reg, const std::string &tag,
                          bool tableBroken) {
  if (tableBroken)
    scale.close();
  double g = scale.grams(); // BUG: use-after-close
  reg.record(tag, g, gradeFor(g));
}
