// Seismometer field array: each geophone station is a GeophoneLink (a UDP socket; query()
// after close() throws), kept in an unordered_map by station code and in a std::list of
// the current trigger group; finished waveform spools are FILE*s in a deque. retire()
// keeps an iterator to the station, closes it, and then asks it for its battery voltage
// through report_battery(). quiet_noisy() closes the noisy stations with std::for_each
// but leaves them in the trigger group that arm_trigger() then walks. Pruning with
// list::remove_if closes and erases together, and the spool deque is closed as it pops.
#include <algorithm>
#include <cstdio>
#include <deque>
#include <list>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <unordered_map>
#include <utility>

class GeophoneLink {
public:
  GeophoneLink(std::string code, int fd) : code_(std::move(code)), fd_(fd) {}
  GeophoneLink(GeophoneLink &&o) noexcept : code_(std::move(o.code_)), fd_(std::exchange(o.fd_, -1)) {}
  GeophoneLink(const GeophoneLink &) = delete;
  ~GeophoneLink() { close(); }
  std::string query(const std::string &cmd) {
    if (fd_ < 0)
      throw std::runtime_error("geophone " + code_ + " closed");
    ::send(fd_, cmd.data(), cmd.size(), 0);
    char buf[128];
    ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
  }
  void close() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }
  void tally(int noiseCounts, int silentSeconds) {
    noiseCounts_ = noiseCounts;
    silent_ = silentSeconds;
  }
  bool noisy() const { return noiseCounts_ > 5000; }
  int silentSeconds() const { return silent_; }
  const std::string &code() const { return code_; }

private:
  std::string code_;
  int fd_;
  int noiseCounts_ = 0;
  int silent_ = 0;
};

static void report_battery(GeophoneLink &link) {
  std::string v = link.query("BATT?"); // SAME: battery
  std::fprintf(stderr, "%s battery %s\n", link.code().c_str(), v.c_str());
}

class SeismometerArray {
public:
  void retire(const std::string &code) {
    auto it = stations_.find(code);
    if (it == stations_.end())
      return;
    it->second.query("SLEEP"); // OK: still open
    it->second.close();
    report_battery(it->second); // BUG: use-after-close #battery
    stations_.erase(it);
  }

  void prune_silent(int limit) {
    triggerGroup_.remove_if([limit](GeophoneLink &l) {
      if (l.silentSeconds() < limit)
        return false;
      l.close();
      return true;
    });
    for (GeophoneLink &l : triggerGroup_)
      l.query("GAIN 24"); // OK: closed stations were erased by remove_if
  }

  void quiet_noisy() {
    std::for_each(triggerGroup_.begin(), triggerGroup_.end(), [](GeophoneLink &l) {
      if (l.noisy())
        l.close();
    });
  }

  void arm_trigger() {
    for (GeophoneLink &l : triggerGroup_)
      l.query("ARM STA/LTA"); // BUG: use-after-close
  }

  void flush_spools() {
    while (!spools_.empty()) {
      std::fflush(spools_.front()); // OK: closed only after this, then popped
      std::fclose(spools_.front());
      spools_.pop_front();
    }
  }

  void add(std::string code, int fd) { triggerGroup_.emplace_back(std::move(code), fd); }
  void sample(int noiseCounts, int silentSeconds) {
    for (GeophoneLink &l : triggerGroup_)
      l.tally(noiseCounts, silentSeconds);
  }
  void add_station(std::string code, int fd) { stations_.emplace(code, GeophoneLink(code, fd)); }
  void add_spool(FILE *f) { spools_.push_back(f); }

private:
  std::unordered_map<std::string, GeophoneLink> stations_;
  std::list<GeophoneLink> triggerGroup_;
  std::deque<FILE *> spools_;
};

void aftershock_watch(SeismometerArray &array, int noiseCounts) {
  array.sample(noiseCounts, 0);
  array.prune_silent(3600);
  array.quiet_noisy();
  array.arm_trigger();
  array.retire("KNB3");
  array.flush_spools();
}
