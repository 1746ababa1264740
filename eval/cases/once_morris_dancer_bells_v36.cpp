// Morris side at a village fête: each dancer's bell pads carry a motion tag,
// a BellRecorder captures the jingle track, and the set list goes out over a
// TannoyLink to the fête's PA. unclip_all() stops the recorder inside the
// loop over dancers (meant to be after it), so the second dancer stops it
// again. announce_sets() writes and closes the set log in every iteration of
// its while loop; write() reports Closed instead of throwing, so the next
// iteration writes to the closed log and closes it a second time. Closing on
// the last dance only, behind a first-time flag, or before a break is fine.
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

class BellRecorder {
 public:
  void mark(const std::string& what) {
    if (stopped_) throw std::runtime_error("bell recorder stopped");
    marks_.push_back(what);
  }
  void stop() {
    if (stopped_) throw std::runtime_error("bell recorder stopped twice");
    stopped_ = true;
  }

 private:
  std::vector<std::string> marks_;
  bool stopped_ = false;
};

enum class Status { Ok, Closed };

class SetLog {
 public:
  Status write(const std::string& line) {
    if (closed_) return Status::Closed;
    lines_.push_back(line);
    return Status::Ok;
  }
  void close() {
    if (closed_) throw std::runtime_error("set log closed twice");
    closed_ = true;
  }

 private:
  std::vector<std::string> lines_;
  bool closed_ = false;
};

class TannoyLink {
 public:
  void announce(const std::string& msg) {
    if (!up_) throw std::runtime_error("tannoy link down");
    said_.push_back(msg);
  }
  void hang_up() {
    if (!up_) throw std::runtime_error("tannoy link already down");
    up_ = false;
  }

 private:
  std::vector<std::string> said_;
  bool up_ = true;
};

struct Dancer {
  std::string name;
  bool clipped = true;
  void unclip() { clipped = false; }
};

void unclip_all(std::vector<Dancer>& side, BellRecorder& rec) {
  for (Dancer& d : side) {
    d.unclip();
    rec.stop();  // BUG: double-close
  }
}

void dance_sets(BellRecorder& rec, const std::vector<std::string>& dances) {
  for (std::size_t i = 0; i < dances.size(); ++i) {
    rec.mark("start " + dances[i]);  // OK: stop() below runs only after the last dance
    if (i + 1 == dances.size()) rec.stop();  // OK: last iteration only
  }
}

void announce_sets(SetLog& log, std::vector<std::string> queue) {
  std::size_t next = 0;
  while (next < queue.size()) {
    const std::string& dance = queue[next++];
    log.write("next up: " + dance);  // BUG: use-after-close
    log.close();  // BUG: double-close
  }
}

void call_dances(TannoyLink& pa, const std::vector<std::string>& dances) {
  bool final_called = false;
  for (const std::string& d : dances) {
    if (final_called) break;
    pa.announce("the side will now dance " + d);  // OK: loop stops once the link is hung up
    if (d == "Bonny Green Garters") {
      pa.hang_up();  // OK: first-time flag plus break
      final_called = true;
    }
  }
}

std::optional<std::string> first_encore(TannoyLink& pa, const std::vector<std::string>& requests) {
  for (const std::string& r : requests) {
    if (r.empty()) continue;
    pa.announce("encore: " + r);  // OK
    pa.hang_up();
    return r;
  }
  return std::nullopt;
}
