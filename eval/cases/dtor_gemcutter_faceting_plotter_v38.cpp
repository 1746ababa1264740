// Faceting controller for a gem cutter's bench. Each stone's cut plan is drawn on a pen
// plotter through a PlotterLink. A PlotSession (RAII) closes the link when its scope ends,
// and a LinkLease (unique_ptr with a closing deleter) closes the bench's link when it is
// reset. print_job draws the summary after the session's block has ended, calibrate lifts
// the pen after resetting the optional session, and archive_job writes a footer after
// resetting the lease: all three happen after the link was closed.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

class PlotterLink {
 public:
  explicit PlotterLink(std::string dev) : dev_(std::move(dev)) {}

  void open() {
    if (open_) return;
    open_ = true;
    commands_.push_back("IN;");
  }
  void plot(const std::string& path) {
    if (!open_) throw std::runtime_error("plotter link " + dev_ + " closed");
    commands_.push_back(path);
  }
  void pen_up() {
    if (!open_) throw std::runtime_error("plotter link " + dev_ + " closed");
    commands_.push_back("PU;");
  }
  void close() {
    if (!open_) throw std::runtime_error("plotter link " + dev_ + " already closed");
    open_ = false;
  }
  bool is_open() const { return open_; }

 private:
  std::string dev_;
  bool open_ = true;
  std::vector<std::string> commands_;
};

// Closes the link when the job's scope ends (only if it is still open).
class PlotSession {
 public:
  explicit PlotSession(PlotterLink& link) : link_(link) {}
  ~PlotSession() {
    if (link_.is_open()) link_.close();
  }
  PlotSession(const PlotSession&) = delete;
  PlotSession& operator=(const PlotSession&) = delete;

 private:
  PlotterLink& link_;
};

// Deleter that only closes: the link itself belongs to the bench.
struct LinkCloser {
  void operator()(PlotterLink* link) const {
    if (link->is_open()) link->close();
  }
};
using LinkLease = std::unique_ptr<PlotterLink, LinkCloser>;

struct Stone {
  std::string id;
  int facets = 0;
};

void print_job(PlotterLink& link, const Stone& stone) {
  {
    PlotSession session(link);
    for (int f = 0; f < stone.facets; ++f) {
      link.plot("facet " + std::to_string(f));  // OK: session still alive
    }
    link.pen_up();  // OK: the session closes at the end of this block
  }
  link.plot("summary " + stone.id);  // BUG: use-after-close
}

void print_preview(PlotterLink& link, const Stone& stone) {
  PlotSession session(link);
  link.plot("preview " + stone.id);  // OK: session closes at function exit
  link.pen_up();  // OK
}

void calibrate(PlotterLink& link) {
  std::optional<PlotSession> session;
  session.emplace(link);
  link.plot("calibration cross");  // OK: session engaged
  session.reset();
  link.pen_up();  // BUG: use-after-close
}

void calibrate_keep_open(PlotterLink& link) {
  std::optional<PlotSession> session;
  link.plot("origin mark");  // OK: optional is empty, nothing closed the link
  session.emplace(link);
  link.pen_up();  // OK
}

class FacetingBench {
 public:
  FacetingBench() : link_("/dev/usb/lp0") {}

  LinkLease acquire() {
    link_.open();
    return LinkLease(&link_);
  }

  void archive_job(const Stone& stone) {
    LinkLease lease = acquire();
    lease->plot("archive " + stone.id);  // OK
    lease.reset();
    link_.plot("archive footer");  // BUG: use-after-close
  }

  void quick_mark(const Stone& stone) {
    LinkLease lease = acquire();
    link_.plot("mark " + stone.id);  // OK: lease still holds the link open
    lease->pen_up();  // OK
  }

  void mark_twice(const Stone& stone) {
    {
      LinkLease lease = acquire();
      lease->plot("first pass " + stone.id);  // OK
    }
    LinkLease again = acquire();
    again->plot("second pass " + stone.id);  // OK: acquire() reopened the link
  }

 private:
  PlotterLink link_;
};
