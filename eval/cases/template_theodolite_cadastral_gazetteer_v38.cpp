// Cadastral survey office. Theodolite readings and parcel records travel on typed
// Channel<Msg> objects into the gazetteer compiler. send() throws once the channel is
// closed; try_recv() keeps draining buffered messages after close (it only reports empty),
// so the compiler's drain loops after close are correct. The field crew's end_of_day closes
// the readings channel through finish() and then publishes the late readings through the
// publish_all() template; the ParcelBook<Channel> adapter writes a correction after its own
// seal().
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>
#include <deque>

template <typename Msg>
class Channel {
 public:
  void send(Msg m) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("channel closed");
    buf_.push_back(std::move(m));
  }
  // Receiving after close is allowed: buffered messages are still delivered.
  std::optional<Msg> try_recv() {
    std::lock_guard<std::mutex> lk(mu_);
    if (buf_.empty()) return std::nullopt;
    Msg m = std::move(buf_.front());
    buf_.pop_front();
    return m;
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("channel closed twice");
    closed_ = true;
  }
  bool is_closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

 private:
  mutable std::mutex mu_;
  std::deque<Msg> buf_;
  bool closed_ = false;
};

struct Reading {
  std::string station;
  double bearing = 0.0;
};
struct ParcelRecord {
  std::string lot;
  double area = 0.0;
};

template <typename Msg>
void finish(Channel<Msg>& ch) {
  ch.close();
}

template <typename Msg>
void publish_all(Channel<Msg>& ch, const std::vector<Msg>& batch) {
  for (const auto& m : batch) ch.send(m);  // SAME: lateReadings
}

template <typename Msg>
std::vector<Msg> drain(Channel<Msg>& ch) {
  std::vector<Msg> out;
  while (auto m = ch.try_recv()) out.push_back(std::move(*m));  // OK: receiving after close is allowed
  return out;
}

template <typename Sink>
class ParcelBook {
 public:
  explicit ParcelBook(Sink& sink) : sink_(sink) {}
  void record(const ParcelRecord& r) {
    if (sealed_) return;
    sink_.send(r);  // OK: guarded by sealed_
  }
  void seal() {
    if (sealed_) return;
    sealed_ = true;
    sink_.close();
  }
  void correction(const ParcelRecord& r) {
    sink_.send(r);  // SAME: correction
  }

 private:
  Sink& sink_;
  bool sealed_ = false;
};

void end_of_day(Channel<Reading>& readings, const std::vector<Reading>& late) {
  publish_all(readings, std::vector<Reading>{{"trig-7", 41.5}});  // OK: not closed yet
  finish(readings);
  publish_all(readings, late);  // BUG: use-after-close #lateReadings
}

void end_of_day_ordered(Channel<Reading>& readings, const std::vector<Reading>& late) {
  publish_all(readings, late);  // OK: published before the close
  finish(readings);
  auto all = drain(readings);  // OK: drain only receives
  (void)all;
}

void compile_gazetteer(Channel<ParcelRecord>& parcels, Channel<Reading>& readings) {
  ParcelBook<Channel<ParcelRecord>> book(parcels);
  book.record({"lot 12", 0.4});  // OK
  finish(readings);
  book.record({"lot 13", 0.7});  // OK: the parcel channel is a different channel
  book.seal();
  book.seal();  // OK: seal() is idempotent
  book.record({"lot 14", 1.1});  // OK: record() returns early once sealed
  book.correction({"lot 12", 0.45});  // BUG: use-after-close #correction
  for (auto& p : drain(parcels)) (void)p;  // OK: draining a closed channel is allowed
}
