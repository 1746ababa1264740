// Transfer lanes between an orchid tissue-culture lab and its greenhouses:
// each lane is a TCP connection to the trolley terminal of one growing room,
// kept in a map by lane name. Rooms are quarantined (mite outbreak) by
// closing the lanes that serve them; idle lanes are pruned. Lane statistics
// are mirrored to Kafka through one producer per greenhouse.
#include "messaging.h"

#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

namespace transfer {

struct Lane {
  int fd = -1;
  std::string room;
  long last_trolley = 0; // epoch seconds
};

using LaneTable = std::map<std::string, Lane>;

static void send_line(int fd, const std::string &text) {
  std::string out = text + "\n";
  ::write(fd, out.data(), out.size()); // SAME: courier
}

// Closes every lane serving the room and tells the courier lane about it.
void quarantine_room(LaneTable &lanes, const std::string &room, const std::string &courier) {
  for (auto &entry : lanes)
    if (entry.second.room == room)
      ::close(entry.second.fd);
  send_line(lanes.at(courier).fd, "QUARANTINE " + room); // BUG: use-after-close #courier
}

// Same, but the closed lanes leave the table before anything else is sent.
void quarantine_room_pruned(LaneTable &lanes, const std::string &room, const std::string &courier) {
  for (auto it = lanes.begin(); it != lanes.end();) {
    if (it->second.room == room) {
      ::close(it->second.fd);
      it = lanes.erase(it);
    } else {
      ++it;
    }
  }
  auto courier_lane = lanes.find(courier);
  if (courier_lane != lanes.end())
    send_line(courier_lane->second.fd, "QUARANTINE " + room); // OK: closed lanes were erased
}

void prune_idle(LaneTable &lanes, long now, long max_idle) {
  for (auto it = lanes.begin(); it != lanes.end();) {
    if (now - it->second.last_trolley > max_idle) {
      ::close(it->second.fd);
      it = lanes.erase(it);
      continue;
    }
    send_line(it->second.fd, "PING"); // OK: idle lanes were erased and skipped
    ++it;
  }
}

void close_all(LaneTable &lanes) {
  for (auto &entry : lanes)
    ::close(entry.second.fd); // OK: each lane once, table cleared below
  lanes.clear();
}

struct HouseStats {
  std::string house;
  int trolleys = 0;
  int flasks = 0;
};

void publish_day(std::vector<std::unique_ptr<kafka::KafkaProducer>> &producers,
                 const std::vector<HouseStats> &stats) {
  for (std::size_t i = 0; i < producers.size() && i < stats.size(); ++i)
    producers[i]->send({"transfer.daily", stats[i].house + " " + std::to_string(stats[i].trolleys)});
  for (auto &p : producers)
    p->close();
  if (!producers.empty())
    producers.front()->flush(); // BUG: use-after-close
}

void publish_day_flushed(std::vector<std::unique_ptr<kafka::KafkaProducer>> &producers,
                         const std::vector<HouseStats> &stats) {
  for (std::size_t i = 0; i < producers.size() && i < stats.size(); ++i)
    producers[i]->send({"transfer.daily", stats[i].house + " " + std::to_string(stats[i].flasks)});
  for (auto &p : producers) {
    p->flush();
    p->close(); // OK: flushed first, each producer closed once
  }
  producers.clear();
}

} // namespace transfer
