// Stop action for an organ with electric slider magnets. Each division's slider
// controller is reached through a serial descriptor owned by the move-only SliderLine:
// move construction and move assignment take the descriptor with std::exchange, leaving
// -1 behind, and the assignment closes the descriptor it replaces. setCombination()
// remembers the raw descriptor before handing its line to the RankBoard, and after the
// board releases (closes) that line it writes the cancel byte to the raw number.
// borrowForChoir() wraps the swell line's descriptor in a second SliderLine instead of
// a dup(), so the board's release and the swell line's reset both close it. Pulsing
// the moved-from line and rewiring a division with a freshly opened line are correct.
#include <array>
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>
#include <utility>
#include <vector>

class SliderLine {
public:
  SliderLine() = default;
  explicit SliderLine(int fd) : fd_(fd) {}
  SliderLine(SliderLine &&other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  SliderLine &operator=(SliderLine &&other) noexcept {
    if (this != &other) {
      reset();
      fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
  }
  SliderLine(const SliderLine &) = delete;
  SliderLine &operator=(const SliderLine &) = delete;
  ~SliderLine() { reset(); }

  void reset() {
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1)); // SAME: choir-borrow
  }
  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }

  bool pulse(unsigned char magnet, bool on) {
    if (fd_ < 0)
      return false;
    const unsigned char frame[2] = {magnet, static_cast<unsigned char>(on ? 1 : 0)};
    return ::write(fd_, frame, sizeof frame) == 2; // OK
  }

private:
  int fd_ = -1;
};

enum Division { kGreat = 0, kSwell = 1, kChoir = 2, kPedal = 3 };

class RankBoard {
public:
  void attach(Division d, SliderLine line) { lines_[d] = std::move(line); }
  void rewire(Division d, const char *device) {
    SliderLine fresh(::open(device, O_WRONLY | O_NOCTTY));
    if (!fresh)
      throw std::runtime_error("cannot open slider controller");
    lines_[d] = std::move(fresh);
  }
  void release(Division d) { lines_[d].reset(); }
  bool draw(Division d, unsigned char magnet) { return lines_[d].pulse(magnet, true); }
  bool retire(Division d, unsigned char magnet) { return lines_[d].pulse(magnet, false); }

private:
  std::array<SliderLine, 4> lines_;
};

void setCombination(RankBoard &board, const char *device,
                    const std::vector<unsigned char> &stops) {
  SliderLine line(::open(device, O_WRONLY | O_NOCTTY));
  if (!line)
    return;
  const int raw = line.get();
  board.attach(kSwell, std::move(line));
  for (unsigned char s : stops)
    board.draw(kSwell, s);
  if (line.pulse(0x7F, false)) // OK
    std::fputs("swell line was not handed over\n", stderr);
  board.release(kSwell);
  const unsigned char cancel = 0xFF;
  ::write(raw, &cancel, 1); // BUG: use-after-close
}

void retuneGreat(RankBoard &board, const char *device, const std::vector<unsigned char> &stops) {
  for (unsigned char s : stops)
    board.retire(kGreat, s);
  board.rewire(kGreat, device);
  for (unsigned char s : stops)
    board.draw(kGreat, s); // OK
}

void borrowForChoir(RankBoard &board, SliderLine &swellLine, unsigned char magnet) {
  board.attach(kChoir, SliderLine(swellLine.get()));
  board.draw(kChoir, magnet);
  board.release(kChoir);
  swellLine.reset(); // BUG: double-close #choir-borrow
}

SliderLine openPedal(const char *device) {
  SliderLine line(::open(device, O_WRONLY | O_NOCTTY));
  line.pulse(0x00, false);
  return line;
}

void bringUpPedal(RankBoard &board, const char *device) {
  SliderLine pedal = openPedal(device);
  pedal.pulse(0x01, true);
  board.attach(kPedal, std::move(pedal));
  board.draw(kPedal, 0x02);
}
