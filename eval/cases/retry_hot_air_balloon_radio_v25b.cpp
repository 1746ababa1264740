// Hot air balloon flight telemetry. The pilot's tablet sends position and
// burner frames to the chase crew over a BalloonRadio and keeps a flight log
// (FILE*). BalloonRadio::close() refuses to drop the link while frames are
// still waiting for the chase crew's ack: it returns -EAGAIN and leaves the
// link open, so the caller polls for acks and tries again. Closing a radio
// that is already closed throws.
#include <cerrno>
#include <cstdio>
#include <deque>
#include <stdexcept>
#include <string>

class BalloonRadio {
public:
  void send(const std::string &frame) {
    if (closed_)
      throw std::runtime_error("balloon radio closed");
    unacked_.push_back(frame);
  }

  void poll() {
    if (closed_)
      throw std::runtime_error("balloon radio closed");
    if (!unacked_.empty())
      unacked_.pop_front();
  }

  int close() {
    if (closed_)
      throw std::logic_error("balloon radio already closed");
    if (!unacked_.empty())
      return -EAGAIN;
    closed_ = true;
    return 0;
  }

private:
  std::deque<std::string> unacked_;
  bool closed_ = false;
};

struct Fix {
  double lat = 0.0;
  double lon = 0.0;
  int altitudeFt = 0;
};

void sendFix(BalloonRadio &radio, std::FILE *log, const Fix &fix) {
  char frame[80];
  std::snprintf(frame, sizeof frame, "POS %.5f %.5f %d", fix.lat, fix.lon,
                fix.altitudeFt);
  radio.send(frame);
  std::fprintf(log, "%s\n", frame);
}

// Normal landing: keep polling until every frame is acked.
void landed(BalloonRadio &radio, std::FILE *log, const Fix &field) {
  sendFix(radio, log, field);
  radio.send("LANDED");
  int rc;
  while ((rc = radio.close()) == -EAGAIN) // OK
    radio.poll();
}

// Out of range of the chase crew: try a few times, then tell the crew the
// tablet is going dark even if some frames were never acked.
void outOfRange(BalloonRadio &radio) {
  int rc = 0;
  for (int attempt = 0; attempt < 5; ++attempt) {
    rc = radio.close(); // OK
    if (rc != -EAGAIN)
      break;
    radio.poll();
  }
  if (rc == -EAGAIN) {
    radio.send("GOING DARK"); // OK
    radio.poll(); // OK
  }
}

// Hard landing: the pilot hits the emergency key on the tablet.
void emergencyShutdown(BalloonRadio &radio) {
  radio.send("MAYDAY LANDING");
  for (int attempt = 0; attempt < 3; ++attempt) {
    int rc = radio.close(); // BUG: double-close
    if (rc == -EAGAIN)
      radio.poll();
  }
}

void closeFlightLog(std::FILE *log) {
  std::fflush(log);
  if (std::fclose(log) != 0 && errno == EINTR)
    std::fclose(log); // BUG: double-close
}
