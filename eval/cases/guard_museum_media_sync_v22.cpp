// Museum exhibit media sync. Each gallery kiosk pulls its audio-guide media
// from the archive through a cassandra::StreamSession's multiplexed channel
// (sending after close() throws "stream has been closed"). The kiosk keeps a
// sync log in an std::ofstream and reads its playlist from an std::ifstream.
// Negative case: the channel may be closed by the session on a transfer
// error or by the kiosk on stop(), and every later send is guarded by
// isClosed() or by the kiosk's own state enum; log writes after the log was
// closed are guarded by is_open(); the playlist is read only while open.
#include "messaging.h"

#include <fstream>
#include <string>
#include <vector>

namespace museum {

enum class KioskState { Idle, Syncing, Stopped };

class MediaSyncKiosk {
public:
  MediaSyncKiosk(cassandra::StreamSession &session, const std::string &gallery)
      : session_(session), gallery_(gallery), log_("/var/log/kiosk-" + gallery + ".log") {}

  std::vector<std::string> loadPlaylist(const std::string &path) {
    std::vector<std::string> items;
    std::ifstream in(path);
    std::string line;
    while (in.is_open() && std::getline(in, line)) {
      if (line == "#END") {
        in.close();
        continue;
      }
      items.push_back(line); // only reached while the playlist is open
    }
    return items;
  }

  void sync(const std::vector<std::string> &items) {
    if (state_ == KioskState::Stopped)
      return;
    state_ = KioskState::Syncing;
    cassandra::StreamingMultiplexedChannel &ch = session_.channel();
    for (const auto &item : items) {
      if (ch.isClosed()) {
        note("channel closed by archive, aborting at " + item);
        break;
      }
      ch.sendMessage(ch.controlChannel(), {"REQUEST", item}); // OK: isClosed() checked in this iteration
      note("requested " + item);
    }
    state_ = KioskState::Idle;
  }

  void stop() {
    if (state_ == KioskState::Stopped)
      return;
    cassandra::StreamingMultiplexedChannel &ch = session_.channel();
    if (!ch.isClosed()) {
      ch.sendControlMessage({"COMPLETE", gallery_}); // OK: guarded by isClosed()
      ch.close();
    }
    state_ = KioskState::Stopped;
    note("stopped");
    log_.close();
  }

  void onVisitorTap(const std::string &exhibit) {
    if (state_ == KioskState::Stopped)
      return;
    cassandra::StreamingMultiplexedChannel &ch = session_.channel();
    if (!ch.isClosed())
      ch.sendControlMessage({"PRIORITY", exhibit}); // OK: kiosk running and channel open
  }

  void note(const std::string &msg) {
    if (log_.is_open())
      log_ << gallery_ << ": " << msg << '\n'; // OK: skipped once stop() closed the log
  }

private:
  cassandra::StreamSession &session_;
  std::string gallery_;
  std::ofstream log_;
  KioskState state_ = KioskState::Idle;
};

} // namespace museum

void nightlySync(cassandra::StreamSession &session) {
  museum::MediaSyncKiosk kiosk(session, "egyptian-wing");
  auto items = kiosk.loadPlaylist("/etc/kiosk/egyptian-wing.playlist");
  kiosk.sync(items);
  kiosk.onVisitorTap("mummy-case-4");
  kiosk.stop();
  kiosk.onVisitorTap("canopic-jars"); // OK: returns early, kiosk is Stopped
  kiosk.sync(items); // OK: returns early, kiosk is Stopped
  kiosk.stop(); // OK: second stop() returns before touching the channel
  kiosk.note("night run finished"); // OK: note() checks is_open()
}
