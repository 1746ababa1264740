// Session control for a hand-percussion recording room: every drum (djembe,
// cajon, dunun, ...) has a contact transducer feeding a networked preamp
// channel. Channels live in a vector (by input number) and in a map (by
// drum name). end_take() closes every channel and then re-arms the lead input
// by index; drop_drum() closes the cajon by key and the following broadcast
// still reaches it. Closing by key then erasing, skipping disconnected
// channels, and touching a different index than the one closed are correct.
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PreampChannel {
 public:
  PreampChannel(int input, std::string drum) : input_(input), drum_(std::move(drum)) {}
  void set_gain(double db) {
    if (!connected_) throw std::runtime_error("preamp " + std::to_string(input_) + " disconnected");
    gain_ = db;
  }
  void send(const std::string& cmd) {
    if (!connected_) throw std::runtime_error("preamp " + drum_ + " disconnected");
    last_ = cmd;
  }
  void disconnect() { connected_ = false; }
  bool connected() const { return connected_; }
  const std::string& drum() const { return drum_; }

 private:
  int input_;
  std::string drum_;
  bool connected_ = true;
  double gain_ = 0;
  std::string last_;
};

using ChannelPtr = std::shared_ptr<PreampChannel>;

struct Room {
  std::vector<ChannelPtr> inputs;
  std::map<std::string, ChannelPtr> by_drum;

  void add(int input, const std::string& drum) {
    auto ch = std::make_shared<PreampChannel>(input, drum);
    inputs.push_back(ch);
    by_drum[drum] = ch;
  }
};

void end_take(Room& room, size_t lead) {
  for (auto& ch : room.inputs) {
    ch->send("REC STOP");
    ch->disconnect();
  }
  if (lead < room.inputs.size()) room.inputs[lead]->set_gain(-6.0);  // BUG: use-after-close
}

void drop_drum(Room& room) {
  auto it = room.by_drum.find("cajon");
  if (it != room.by_drum.end()) it->second->disconnect();
  for (auto& [name, ch] : room.by_drum) {
    ch->send("TALKBACK take 4");  // BUG: use-after-close
  }
}

void retire_drum(Room& room, const std::string& drum) {
  auto it = room.by_drum.find(drum);
  if (it == room.by_drum.end()) return;
  it->second->disconnect();
  room.by_drum.erase(it);
  for (auto& [name, ch] : room.by_drum) {
    ch->send("RETIRED " + drum);  // OK: the closed channel was erased from the map
  }
}

void soundcheck(Room& room) {
  for (auto& ch : room.inputs) {
    if (!ch->connected()) continue;
    ch->set_gain(12.0);  // OK: disconnected channels are skipped
  }
}

void swap_dunun(Room& room) {
  if (room.inputs.size() < 3) return;
  room.inputs[2]->disconnect();
  room.inputs[1]->send("SOLO");  // OK: input 1 is a different channel from the closed input 2
  room.inputs[2] = std::make_shared<PreampChannel>(2, "dunun-sangban");
  room.inputs[2]->set_gain(9.0);  // OK: slot 2 now holds a fresh channel
  room.by_drum["dunun"] = room.inputs[2];
}

static void fill(Room& room) {
  room.add(0, "djembe");
  room.add(1, "cajon");
  room.add(2, "dunun");
}

void first_take() {
  Room room;
  fill(room);
  soundcheck(room);
  swap_dunun(room);
  retire_drum(room, "djembe");
  drop_drum(room);
}

void second_take() {
  Room room;
  fill(room);
  end_take(room, 0);
}
