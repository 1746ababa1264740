// Whale-watching boats: each vessel's sighting log (species, bearing,
// distance) is pushed to the harbour office over an EventChannel. The channel
// is shared by the boat's crew tablets; the last holder to let go closes it.
// Negative case: the channel is closed only by the shared_ptr deleter (so no
// holder can be left with a closed channel), the marine-reserve listener is
// unsubscribed before its channel is released, and the weak observers lock
// before every send.
#include "messaging.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using ChannelPtr = std::shared_ptr<EventChannel>;

ChannelPtr openHarbourChannel() {
  return ChannelPtr(new EventChannel(), [](EventChannel *ch) {
    ch->close(); // OK
    delete ch;
  });
}

struct Sighting {
  std::string species; // "minke", "humpback", "harbour porpoise"
  int bearingDeg;
  int distanceM;
};

class CrewTablet {
public:
  CrewTablet(std::string crew, ChannelPtr channel)
      : crew_(std::move(crew)), channel_(std::move(channel)) {}

  void log(const Sighting &s) {
    channel_->send(crew_ + ": " + s.species + " brg " + std::to_string(s.bearingDeg) + // OK
                   " at " + std::to_string(s.distanceM) + "m");
  }

private:
  std::string crew_;
  ChannelPtr channel_;
};

class ReserveListener {
public:
  using Handler = std::function<void(const Sighting &)>;

  int subscribe(Handler h) {
    handlers_.emplace(next_, std::move(h));
    return next_++;
  }
  void unsubscribe(int id) { handlers_.erase(id); }

  void publish(const Sighting &s) {
    for (auto &entry : handlers_)
      entry.second(s);
  }

private:
  std::map<int, Handler> handlers_;
  int next_ = 1;
};

class Voyage {
public:
  Voyage(const std::string &vessel, ReserveListener &reserve)
      : vessel_(vessel), reserve_(reserve), channel_(openHarbourChannel()) {
    std::weak_ptr<EventChannel> weak = channel_;
    subscription_ = reserve_.subscribe([weak, this](const Sighting &s) {
      if (s.distanceM > 100)
        return;
      if (auto ch = weak.lock())
        ch->send(vessel_ + " too close to " + s.species); // OK
    });
  }

  ~Voyage() { reserve_.unsubscribe(subscription_); }

  CrewTablet tablet(const std::string &crew) { return CrewTablet(crew, channel_); }

  void returnToHarbour() {
    channel_->send(vessel_ + " returning");
    reserve_.unsubscribe(subscription_);
    channel_.reset();
  }

private:
  std::string vessel_;
  ReserveListener &reserve_;
  ChannelPtr channel_;
  int subscription_ = 0;
};

void morningTrip(ReserveListener &reserve, const std::vector<Sighting> &sightings) {
  Voyage voyage("MV Orca Dawn", reserve);
  std::vector<CrewTablet> tablets;
  tablets.push_back(voyage.tablet("skipper"));
  tablets.push_back(voyage.tablet("naturalist"));

  for (std::size_t i = 0; i < sightings.size(); ++i) {
    tablets[i % tablets.size()].log(sightings[i]);
    reserve.publish(sightings[i]);
  }
  voyage.returnToHarbour();
  reserve.publish({"orca", 10, 50}); // OK
  tablets.front().log({"gannet", 270, 400}); // OK
  tablets.clear();
}
