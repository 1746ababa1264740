// Stage machinery axes. MotionChannel<Codec> encodes a motion command with its
// Codec and writes the frame to the axis controller's descriptor; close()
// releases the descriptor. Axes derive from the CRTP base StageAxis<Derived>,
// whose shutdown() calls the derived closeImpl() once. The traveller curtain
// track talks ASCII; the orchestra-pit platform talks a binary frame format and
// also keeps a FILE* travel log.
#include <cstdint>
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

struct MotionCommand {
  int axis;
  int targetMm;
  int speedMmS;
};

struct AsciiCodec {
  static std::string encode(const MotionCommand &c) {
    return "MOV " + std::to_string(c.axis) + " " + std::to_string(c.targetMm) + " " +
           std::to_string(c.speedMmS) + "\r";
  }
};

struct BinaryFrameCodec {
  static std::string encode(const MotionCommand &c) {
    std::string frame(7, '\0');
    frame[0] = '\x02';
    frame[1] = static_cast<char>(c.axis);
    frame[2] = static_cast<char>((c.targetMm >> 8) & 0xff);
    frame[3] = static_cast<char>(c.targetMm & 0xff);
    frame[4] = static_cast<char>((c.speedMmS >> 8) & 0xff);
    frame[5] = static_cast<char>(c.speedMmS & 0xff);
    frame[6] = '\x03';
    return frame;
  }
};

template <typename Codec>
class MotionChannel {
public:
  explicit MotionChannel(const char *dev) : fd_(::open(dev, O_RDWR | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error(std::string("axis controller not reachable: ") + dev);
  }
  ~MotionChannel() {
    if (open_)
      ::close(fd_);
  }
  MotionChannel(const MotionChannel &) = delete;
  MotionChannel &operator=(const MotionChannel &) = delete;

  void send(const MotionCommand &c) {
    const std::string frame = Codec::encode(c);
    if (::write(fd_, frame.data(), frame.size()) != static_cast<ssize_t>(frame.size()))
      throw std::runtime_error("axis controller write failed");
  }
  void close() {
    ::close(fd_);
    open_ = false;
  }

private:
  int fd_;
  bool open_ = true;
};

template <typename Derived>
class StageAxis {
public:
  void shutdown() {
    if (parked_)
      return;
    static_cast<Derived *>(this)->closeImpl();
    parked_ = true;
  }
  void moveTo(int mm) { static_cast<Derived *>(this)->moveImpl(mm); }

protected:
  ~StageAxis() = default;
  bool parked_ = false;
};

class TravellerTrack : public StageAxis<TravellerTrack> {
public:
  TravellerTrack() : channel_("/dev/ttyTRAV") {}
  ~TravellerTrack() { shutdown(); } // OK
  void moveImpl(int mm) { channel_.send({4, mm, 600}); } // SAME: track-close
  void closeImpl() { channel_.close(); }

private:
  MotionChannel<AsciiCodec> channel_;
};

class PitPlatform : public StageAxis<PitPlatform> {
public:
  PitPlatform() : channel_("/dev/ttyPIT"), log_(std::fopen("/var/log/stage/pit.log", "a")) {}
  ~PitPlatform() { shutdown(); }
  void moveImpl(int mm) {
    if (parked_)
      throw std::logic_error("pit platform parked");
    channel_.send({9, mm, 80});
    if (log_)
      std::fprintf(log_, "pit -> %d mm\n", mm);
  }
  void closeImpl() {
    channel_.close();
    if (log_)
      std::fclose(log_);
  }

private:
  MotionChannel<BinaryFrameCodec> channel_;
  FILE *log_;
};

void houseOpen(TravellerTrack &track, PitPlatform &pit) {
  pit.moveTo(-2400);
  track.moveTo(0);
  pit.shutdown();
  pit.shutdown(); // OK
  track.moveTo(7800);
}

void curtainDown(TravellerTrack &track) {
  track.shutdown();
  track.moveTo(0); // BUG: use-after-close #track-close
}

// Steps a spare axis through its get-in marks and homes it afterwards.
void runGetInLineup(MotionChannel<AsciiCodec> &spare, const std::vector<int> &marks,
                    int softLimitMm) {
  for (int mark : marks) {
    if (mark > softLimitMm) {
      std::fprintf(stderr, "mark %d beyond soft limit, spare axis closed\n", mark);
      spare.close();
      break;
    }
    spare.send({2, mark, 150}); // OK
  }
  spare.send({2, 0, 150}); // BUG: use-after-close
}

int main() {
  TravellerTrack track;
  PitPlatform pit;
  houseOpen(track, pit);
  curtainDown(track);
  MotionChannel<AsciiCodec> spare("/dev/ttySPARE");
  runGetInLineup(spare, {1200, 3400, 9100}, 8000);
}
