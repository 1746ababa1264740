// A touring hurdy-gurdy troubadour streams each set to the venue's PA over a
// VenueStream. The stream is shared: the tour manager keeps it, the tuning
// meter holds a weak_ptr, and the applause detector registers a callback with
// the EventHub. This code is correct: the callback is unsubscribed before the
// stream is closed, the meter checks the stream after lock(), the encore uses
// a stream reopened into a new object that every user re-reads through
// TourManager::stream(), and the backstage monitor is a distinct stream whose
// lifetime is not tied to the venue one.
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class VenueStream {
 public:
  explicit VenueStream(std::string venue) : venue_(std::move(venue)) {}
  void push(const std::string& frame) {
    if (closed_) throw std::runtime_error("stream to " + venue_ + " closed");
    ++frames_;
    (void)frame;
  }
  void close() {
    if (closed_) throw std::runtime_error("stream to " + venue_ + " closed twice");
    closed_ = true;
  }
  bool closed() const { return closed_; }

 private:
  std::string venue_;
  long frames_ = 0;
  bool closed_ = false;
};

class EventHub {
 public:
  using Token = int;
  Token subscribe(std::function<void(const std::string&)> fn) {
    handlers_.emplace(next_, std::move(fn));
    return next_++;
  }
  void unsubscribe(Token t) { handlers_.erase(t); }
  void publish(const std::string& ev) {
    for (auto& [tok, fn] : handlers_) fn(ev);
  }

 private:
  std::map<Token, std::function<void(const std::string&)>> handlers_;
  Token next_ = 1;
};

class TourManager {
 public:
  explicit TourManager(EventHub& hub) : hub_(hub) {}

  void open_set(const std::string& venue) {
    stream_ = std::make_shared<VenueStream>(venue);
    std::shared_ptr<VenueStream> s = stream_;
    applause_ = hub_.subscribe([s](const std::string& ev) {
      if (ev == "applause") s->push("bow");  // OK: unsubscribed before close
    });
  }

  void close_set() {
    hub_.unsubscribe(applause_);
    stream_->close();
  }

  std::shared_ptr<VenueStream> stream() const { return stream_; }
  std::weak_ptr<VenueStream> weak_stream() const { return stream_; }

 private:
  EventHub& hub_;
  std::shared_ptr<VenueStream> stream_;
  EventHub::Token applause_ = 0;
};

void tuning_meter_tick(const std::weak_ptr<VenueStream>& w) {
  std::shared_ptr<VenueStream> s = w.lock();
  if (!s || s->closed()) return;
  s->push("drone string: D 293.7 Hz");  // OK: checked after lock()
}

void evening(EventHub& hub) {
  TourManager tm(hub);
  auto backstage = std::make_shared<VenueStream>("backstage monitor");

  tm.open_set("Old Corn Exchange");
  auto meter = tm.weak_stream();
  tm.stream()->push("La Bourrée d'Aurillac");
  hub.publish("applause");
  tuning_meter_tick(meter);
  tm.close_set();

  hub.publish("applause");  // OK: handler was unsubscribed in close_set()
  tuning_meter_tick(meter);  // OK: returns early on closed()
  backstage->push("interval music");  // OK: a different stream

  tm.open_set("Old Corn Exchange (encore)");
  tm.stream()->push("Encore: La Montagnarde");  // OK: stream() returns the reopened stream
  tuning_meter_tick(tm.weak_stream());  // OK: fresh weak_ptr to the open stream
  tm.close_set();
  backstage->close();
}
