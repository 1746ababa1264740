// Cushion-pressure sampling for a hovercraft on the service pad. A sampler
// thread reads the plenum transducer and writes the readings into one end of
// a socketpair; the pad controller reads them from the other end. A pipe
// carries the stop request to the sampler. At the end of a run the sampler
// half-closes its end with shutdown(SHUT_WR) and still reads the controller's
// acknowledgement from it. An aborted run hands the link to a drain routine.
#include <cerrno>
#include <cstdint>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

namespace cushion {

struct SamplerLink {
  int sampler_end = -1; // written by the sampler thread
  int pad_end = -1;     // read by the pad controller
  int stop_rd = -1;
  int stop_wr = -1;
};

std::uint16_t read_plenum_transducer(); // tenths of a kPa, from the ADC driver

static bool open_link(SamplerLink &link) {
  int sv[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
    return false;
  int pfd[2];
  if (::pipe(pfd) != 0) {
    int saved = errno;
    ::close(sv[0]);
    ::close(sv[1]); // OK: the other descriptor of the pair
    errno = saved;
    return false;
  }
  link.sampler_end = sv[0];
  link.pad_end = sv[1];
  link.stop_rd = pfd[0];
  link.stop_wr = pfd[1];
  return true;
}

// Writers first so that readers see EOF, then the readers.
static void close_link(SamplerLink &link) {
  ::close(link.stop_wr);
  ::close(link.sampler_end);
  ::close(link.stop_rd);
  ::close(link.pad_end); // OK: four distinct descriptors
  link = SamplerLink{};
}

static void run_sampler(int out_fd, int stop_fd, int samples) {
  for (int i = 0; i < samples; ++i) {
    pollfd stop{stop_fd, POLLIN, 0};
    if (::poll(&stop, 1, 20) > 0)
      break;
    std::uint16_t reading = read_plenum_transducer();
    if (::write(out_fd, &reading, sizeof reading) != sizeof reading)
      break;
  }
  ::shutdown(out_fd, SHUT_WR);
  char ack[4];
  ::read(out_fd, ack, sizeof ack); // OK: shutdown() is a half-close, the fd stays open
}

int sample_run(int samples, std::vector<std::uint16_t> &out) {
  SamplerLink link;
  if (!open_link(link))
    return -1;
  std::thread sampler(run_sampler, link.sampler_end, link.stop_rd, samples);
  std::uint16_t r = 0;
  while (::read(link.pad_end, &r, sizeof r) == sizeof r)
    out.push_back(r);
  ::write(link.pad_end, "ACK", 3);
  sampler.join();
  close_link(link);
  return static_cast<int>(out.size());
}

// An aborted run: stop the sampler, keep what is already buffered, release
// the controller's side of the link. Takes the link by value.
static void drain_and_release(SamplerLink link, std::vector<std::uint16_t> &out) {
  ::write(link.stop_wr, "x", 1);
  std::uint16_t r = 0;
  while (::read(link.pad_end, &r, sizeof r) == sizeof r)
    out.push_back(r);
  ::close(link.pad_end);
  ::close(link.stop_wr);
}

struct PadRun {
  SamplerLink link;
  std::thread sampler;
  std::vector<std::uint16_t> readings;
};

void abort_run(PadRun &run) {
  drain_and_release(run.link, run.readings);
  if (run.sampler.joinable())
    run.sampler.join();
  ::close(run.link.sampler_end);
  ::close(run.link.stop_rd);
  if (run.link.pad_end >= 0)
    ::close(run.link.pad_end); // BUG: double-close
}

// Same teardown written against the caller's link: every closed member is
// reset, so the final guard sees -1.
void abort_run_in_place(PadRun &run) {
  ::write(run.link.stop_wr, "x", 1);
  ::close(std::exchange(run.link.stop_wr, -1));
  std::uint16_t r = 0;
  while (::read(run.link.pad_end, &r, sizeof r) == sizeof r)
    run.readings.push_back(r);
  ::close(std::exchange(run.link.pad_end, -1));
  if (run.sampler.joinable())
    run.sampler.join();
  ::close(std::exchange(run.link.sampler_end, -1));
  ::close(std::exchange(run.link.stop_rd, -1));
  if (run.link.pad_end >= 0)
    ::close(run.link.pad_end); // OK: reset to -1 above
}

} // namespace cushion
