// Planetarium show control: the dome's star projector and the fulldome video
// server are driven over net::Connection links. When a show is swapped, or a
// projector stops answering, the link is closed and replaced. Negative case:
// every path that closes a link also installs a fresh one (make_unique, a new
// object assigned over the old, or a swap with a standby) before the next
// send, so no send reaches a closed connection.
#include "netconn.h"

#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct ShowCue {
  double atSeconds = 0;
  std::string command;
};

struct Show {
  std::string title;
  std::string projectorHost;
  std::vector<ShowCue> cues;
};

class DomeController {
public:
  DomeController(const std::string &projector, const std::string &video)
      : projector_(std::make_unique<net::Connection>(projector)),
        video_(video), standbyVideo_(video + "-standby") {}

  void loadShow(const Show &show) {
    projector_->send("STOP"); // OK
    projector_->close();
    if (show.projectorHost.empty())
      projector_ = std::make_unique<net::Connection>(defaultHost_);
    else
      projector_ = std::make_unique<net::Connection>(show.projectorHost);
    projector_->send("LOAD " + show.title); // OK
    video_.send("LOAD " + show.title);
  }

  void onProjectorTimeout(int attempt) {
    std::string host = projector_->endpoint();
    projector_->close();
    projector_.reset();
    if (attempt > 3)
      host = defaultHost_;
    projector_ = std::make_unique<net::Connection>(host);
    projector_->send("HELLO"); // OK
  }

  void onVideoServerFault(bool standbyHealthy) {
    video_.close();
    if (standbyHealthy) {
      std::swap(video_, standbyVideo_);
      standbyVideo_ = net::Connection(standbyVideo_.endpoint());
    } else {
      video_ = net::Connection(video_.endpoint());
    }
    video_.send("RESYNC"); // OK
  }

  void run(const Show &show) {
    for (const ShowCue &cue : show.cues) {
      if (cue.command.rfind("VIDEO ", 0) == 0)
        video_.send(cue.command.substr(6));
      else
        projector_->send(cue.command);
    }
    projector_->flush(); // OK
    video_.flush(); // OK
  }

  void houseLightsUp() {
    projector_->send("DIM 0");
    projector_->close();
    projector_ = std::make_unique<net::Connection>(defaultHost_);
    std::printf("dome idle\n");
  }

private:
  std::unique_ptr<net::Connection> projector_;
  net::Connection video_;
  net::Connection standbyVideo_;
  std::string defaultHost_ = "starball.dome.local:4100";
};
