// Deculming line of a maltings: aspirators blow the stripped rootlets into
// bunkers, each with a weigh-cell log (BunkerFeed, a FILE*). ResourceCache<Key,
// Res> opens a resource on first use and hands out Res&; clear() closes every
// cached resource at shift change but keeps the entries (and their running
// totals), and get() reopens a closed entry. Both resources throw when closed.
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

template <typename Key, typename Res>
class ResourceCache {
public:
  using Opener = std::function<std::unique_ptr<Res>(const Key &)>;
  explicit ResourceCache(Opener open) : open_(std::move(open)) {}

  Res &get(const Key &key) {
    auto it = items_.find(key);
    if (it == items_.end())
      it = items_.emplace(key, open_(key)).first;
    else if (!it->second->isOpen())
      it->second->reopen();
    return *it->second;
  }
  void clear() {
    for (auto &entry : items_)
      if (entry.second->isOpen())
        entry.second->close();
  }
  template <typename Fn> void forEach(Fn fn) {
    for (auto &entry : items_)
      fn(entry.first, *entry.second);
  }

private:
  Opener open_;
  std::map<Key, std::unique_ptr<Res>> items_;
};

class BunkerFeed {
public:
  explicit BunkerFeed(std::string path) : path_(std::move(path)) { reopen(); }
  ~BunkerFeed() { if (f_) std::fclose(f_); }
  void record(double kg) {
    requireOpen();
    std::fprintf(f_, "%.1f\n", kg);
    totalKg_ += kg;
  }
  void writeTrailer(int shift) {
    requireOpen();
    std::fprintf(f_, "# shift %d total %.1f kg\n", shift, totalKg_);
  }
  void close() {
    std::fclose(f_);
    f_ = nullptr;
  }
  void reopen() {
    f_ = std::fopen(path_.c_str(), "a");
    if (!f_)
      throw std::runtime_error("cannot open bunker feed " + path_);
  }
  bool isOpen() const { return f_ != nullptr; }
  double totalKg() const { return totalKg_; }

private:
  void requireOpen() const {
    if (!f_)
      throw std::runtime_error("bunker feed " + path_ + " is closed");
  }
  std::string path_;
  FILE *f_ = nullptr;
  double totalKg_ = 0.0;
};

class AspiratorPort {
public:
  explicit AspiratorPort(int unit) : unit_(unit) { reopen(); }
  ~AspiratorPort() { if (fd_ >= 0) ::close(fd_); }
  void send(const std::string &cmd) {
    if (fd_ < 0)
      throw std::runtime_error("aspirator " + std::to_string(unit_) + " is closed");
    ::write(fd_, cmd.data(), cmd.size());
  }
  void close() { ::close(std::exchange(fd_, -1)); }
  void reopen() {
    fd_ = ::open(("/dev/aspirator" + std::to_string(unit_)).c_str(), O_WRONLY | O_NOCTTY);
    if (fd_ < 0)
      throw std::runtime_error("aspirator " + std::to_string(unit_) + " unreachable");
  }
  bool isOpen() const { return fd_ >= 0; }

private:
  int unit_;
  int fd_ = -1;
};

class DeculmingLine {
public:
  DeculmingLine()
      : bunkers_([](const std::string &name) {
          return std::make_unique<BunkerFeed>("/var/lib/deculm/" + name + ".csv");
        }),
        aspirators_([](const int &unit) { return std::make_unique<AspiratorPort>(unit); }) {}

  void weigh(const std::string &bunker, double kg) { bunkers_.get(bunker).record(kg); }

  void setFan(int unit, int percent) {
    aspirators_.get(unit).send("FAN " + std::to_string(percent) + "\r");
  }

  void endOfBatch(const std::string &bunker, double lastKg) {
    BunkerFeed &feed = bunkers_.get(bunker);
    feed.record(lastKg);
    if (++batches_ >= kBatchesPerShift) {
      bunkers_.clear();
      batches_ = 0;
    }
    feed.record(0.0); // BUG: use-after-close
  }

  void shiftChange() {
    aspirators_.forEach([](int, AspiratorPort &port) { if (port.isOpen()) port.send("FAN 0\r"); });
    aspirators_.clear();
    bunkers_.clear();
    bunkers_.forEach([this](const std::string &, BunkerFeed &feed) {
      feed.writeTrailer(shift_); // BUG: use-after-close
    });
    double total = 0.0;
    bunkers_.forEach([&total](const std::string &, BunkerFeed &feed) {
      total += feed.totalKg(); // OK
    });
    std::printf("shift %d: %.1f kg rootlets\n", shift_++, total);
  }

  void restartAfterShiftChange() {
    shiftChange();
    setFan(2, 75); // OK
    weigh("B2", 12.5); // OK
  }

private:
  static constexpr int kBatchesPerShift = 12;
  ResourceCache<std::string, BunkerFeed> bunkers_;
  ResourceCache<int, AspiratorPort> aspirators_;
  int batches_ = 0;
  int shift_ = 1;
};

int main() {
  DeculmingLine line;
  line.setFan(2, 80);
  line.weigh("B1", 31.0);
  line.endOfBatch("B1", 4.2);
  line.restartAfterShiftChange();
}
