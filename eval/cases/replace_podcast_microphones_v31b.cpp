// Podcast studio: each microphone records to a TrackRecorder (a class of the
// studio software that refuses writes after close()). The host's recorder is
// held in a unique_ptr and replaced with make_unique when a new file starts;
// the remote guest's recorder lives in a std::optional that is reset and
// re-emplaced when the guest rejoins; the room-tone track is a plain object
// assigned a fresh recorder between takes.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace podcast {

class TrackRecorder {
public:
  explicit TrackRecorder(std::string file) : file_(std::move(file)) {}
  void write(const std::string &chunk) {
    if (closed_)
      throw std::runtime_error("track " + file_ + " already finalised");
    chunks_.push_back(chunk);
  }
  void close() { closed_ = true; }

private:
  std::string file_;
  std::vector<std::string> chunks_;
  bool closed_ = false;
};

class Studio {
public:
  Studio() : host_(std::make_unique<TrackRecorder>("host-001.wav")) { guest_.emplace("guest-001.wav"); }

  void guestRejoined(const std::string &guest, int attempt) {
    guest_->close();
    guest_.reset();
    guest_.emplace(guest + "-" + std::to_string(attempt) + ".wav");
    guest_->write("rejoin marker"); // OK: re-emplaced
  }

  void newEpisode(int episode) {
    host_->close();
    host_ = std::make_unique<TrackRecorder>("host-" + std::to_string(episode) + ".wav");
    host_->write("cold open"); // OK: fresh recorder
  }

  void splitSegment(bool sponsorBreak, int segment) {
    host_->close();
    if (sponsorBreak)
      host_ = std::make_unique<TrackRecorder>("host-seg-" + std::to_string(segment) + ".wav");
    host_->write("segment intro"); // BUG: use-after-close
  }

  void wrap() {
    host_->close();
    if (guest_)
      guest_->close();
  }

private:
  std::unique_ptr<TrackRecorder> host_;
  std::optional<TrackRecorder> guest_;
};

void recordRoomTone(int takes) {
  TrackRecorder room("room-tone-1.wav");
  for (int take = 1; take <= takes; ++take) {
    room.write("30s silence"); // OK: each take writes to a fresh recorder
    room.close();
    room = TrackRecorder("room-tone-" + std::to_string(take + 1) + ".wav");
  }
  room.close(); // OK
}

} // namespace podcast
