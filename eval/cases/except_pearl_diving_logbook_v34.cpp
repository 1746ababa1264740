// Pearl-diving co-operative: each boat keeps a DiveLog of dives and pearl
// counts and uploads a copy to the co-op office. DiveLog::close() is noexcept,
// so a handler entered from a try whose last statement is close() knows the
// close did not run. upload_to_coop() seals the log through a noexcept
// helper before the upload that can throw, so its handler writes to a closed
// log; decompression_stop() closes in a handler that does not rethrow and
// then keeps writing. record_pearls() closes only on the path that rethrows,
// so its callers' later writes are fine.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Dive {
  int depth_m = 0;
  int seconds = 0;
  int pearls = 0;
};

class DiveLog {
 public:
  explicit DiveLog(std::string boat) : boat_(std::move(boat)) {}

  void write(const std::string& entry) {
    if (closed_) throw std::runtime_error("dive log closed: " + boat_);
    if (entry.size() > 120) throw std::length_error("dive log entry too long");
    lines_.push_back(entry);
  }
  void close() noexcept { closed_ = true; }
  std::vector<std::string> copy() const { return lines_; }

 private:
  std::string boat_;
  std::vector<std::string> lines_;
  bool closed_ = false;
};

class CoopUplink {
 public:
  void push(const std::vector<std::string>& lines) {
    if (lines.empty()) throw std::runtime_error("co-op upload: empty log");
    uploaded_ += lines.size();
  }

 private:
  std::size_t uploaded_ = 0;
};

std::string format(const Dive& d) {
  return std::to_string(d.depth_m) + "m " + std::to_string(d.seconds) + "s pearls=" +
         std::to_string(d.pearls);
}

void seal_quietly(DiveLog& log) noexcept { log.close(); }

void surface_log(DiveLog& log, const std::vector<Dive>& dives) {
  try {
    for (const Dive& d : dives) log.write(format(d));
    log.close();
  } catch (const std::length_error&) {
    log.write("entry truncated");  // OK: close() is noexcept and last, so it has not run
    log.close();
  }
}

void upload_to_coop(DiveLog& log, CoopUplink& coop) {
  std::vector<std::string> snapshot = log.copy();
  try {
    seal_quietly(log);
    coop.push(snapshot);
  } catch (const std::runtime_error& e) {
    log.write(std::string("upload failed: ") + e.what());  // BUG: use-after-close
  }
}

void record_pearls(DiveLog& log, int pearls) {
  try {
    if (pearls < 0) throw std::invalid_argument("negative pearl count");
    log.write("pearls " + std::to_string(pearls));  // OK: the log is open here
  } catch (...) {
    log.close();
    throw;
  }
}

void decompression_stop(DiveLog& log, int depth_m) {
  try {
    if (depth_m > 30) throw std::out_of_range("stop deeper than 30m");
    log.write("stop at " + std::to_string(depth_m) + "m");  // OK: before any close
  } catch (const std::out_of_range&) {
    log.close();
  }
  log.write("stop complete");  // BUG: use-after-close
}

void morning_tide(DiveLog& log, const std::vector<Dive>& dives) {
  for (const Dive& d : dives) {
    record_pearls(log, d.pearls);
    log.write(format(d));  // OK: record_pearls closes only on the path that rethrows
  }
  decompression_stop(log, 5);
}

void boat_day(const std::vector<Dive>& dives, CoopUplink& coop) {
  DiveLog log("Mutiara-3");
  try {
    morning_tide(log, dives);
  } catch (const std::invalid_argument&) {
    return;  // log was closed by record_pearls; nothing more to write
  }
  upload_to_coop(log, coop);
  DiveLog afternoon("Mutiara-3 pm");
  surface_log(afternoon, dives);
}
