// Skate park controller: floodlight zone commands go out on an EventChannel,
// session bookings are published to Kafka, and the CCTV clip index is
// streamed to the council's archive over a Cassandra multiplexed channel.
// At curfew the bookings producer is closed, late bookings are cancelled and
// the lights are switched off.
#include "messaging.h"

#include <string>
#include <vector>

namespace skatepark {

struct Booking {
  std::string name;
  std::string slot;
};

struct Clip {
  std::string camera;
  std::string uri;
  bool last;
};

void lightsOn(EventChannel &lights, int zone, bool curfewPassed) {
  if (curfewPassed)
    lights.close();
  if (!lights.isOpen())
    return;
  lights.send("zone " + std::to_string(zone) + " on"); // OK
}

void bookSession(kafka::KafkaProducer &bookings, const Booking &b, bool maintenance) {
  if (bookings.isClosed() || maintenance)
    return;
  bookings.send({"skatepark.booked", b.name + "@" + b.slot}); // OK
}

void archiveClips(cassandra::StreamingMultiplexedChannel &archive, const std::vector<Clip> &clips) {
  for (const Clip &c : clips) {
    if (archive.isClosed())
      break;
    archive.sendMessage(archive.controlChannel(), {"clip", c.camera + " " + c.uri}); // OK
    if (c.last)
      archive.close();
  }
}

void curfew(EventChannel &lights, kafka::KafkaProducer &bookings,
            const std::vector<Booking> &late) {
  bookings.flush();
  bookings.close();
  if (!lights.isOpen())
    return;
  lights.send("curfew: all zones dimming"); // OK
  for (const Booking &b : late)
    if (lights.isOpen())
      bookings.send({"skatepark.cancelled", b.name + "@" + b.slot}); // BUG: use-after-close
  lights.close();
}

} // namespace skatepark
