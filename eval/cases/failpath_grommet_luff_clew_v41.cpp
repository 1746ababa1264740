// Sail loft cutting floor, C-style driver code: the sailcloth plotter, the luff-tape welder
// and the clew grommet press are serial descriptors. The helpers close the descriptor only
// on their failure path and then report it: plot_panel() returns -1, weld_luff() jumps to
// its cleanup label and returns -1, press_grommet() returns GROMMET_EIO (but keeps the port
// open on GROMMET_TIMEOUT), and die_press() never returns. Writes retry on EINTR. The
// callers that stop on failure are right; cut_genoa() ignores plot_panel()'s result and
// feeds the page, finish_luff() closes the descriptor weld_luff() already closed, and
// set_clew() only stops on a timeout, so after an I/O error it ejects through the closed
// port and closes it again.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

enum GrommetStatus { GROMMET_OK = 0, GROMMET_TIMEOUT = 1, GROMMET_EIO = 2 };

static ssize_t write_all(int fd, const char *buf, size_t len) {
  size_t done = 0;
  while (done < len) {
    ssize_t n = ::write(fd, buf + done, len - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return -1;
    done += static_cast<size_t>(n);
  }
  return static_cast<ssize_t>(done);
}

static int plot_panel(int fd, const char *hpgl) {
  if (write_all(fd, hpgl, std::strlen(hpgl)) < 0) {
    ::close(fd);
    return -1;
  }
  return 0;
}

static int weld_luff(int fd, int metres) {
  char cmd[32];
  std::snprintf(cmd, sizeof cmd, "WELD %d\n", metres);
  if (write_all(fd, "HEAT 420\n", 9) < 0)
    goto fail;
  if (write_all(fd, cmd, std::strlen(cmd)) < 0)
    goto fail;
  return 0;
fail:
  std::fprintf(stderr, "luff welder: %s\n", std::strerror(errno));
  ::close(fd);
  return -1;
}

static GrommetStatus press_grommet(int fd, int size) {
  char cmd[24];
  std::snprintf(cmd, sizeof cmd, "PRESS #%d\n", size);
  if (write_all(fd, cmd, std::strlen(cmd)) < 0) {
    ::close(fd);
    return GROMMET_EIO;
  }
  char ack[8];
  ssize_t n = ::read(fd, ack, sizeof ack);
  if (n <= 0)
    return GROMMET_TIMEOUT;
  return GROMMET_OK;
}

[[noreturn]] static void die_press(int fd, const char *why) {
  ::close(fd);
  std::fprintf(stderr, "grommet press: %s\n", why);
  std::exit(3);
}

int cut_mainsail(int plotter) {
  if (plot_panel(plotter, "IN;SP1;PU0,0;PD1200,0;") < 0)
    return -1;
  return plot_panel(plotter, "PU1200,0;PD1200,900;"); // OK: returned above when the port was closed
}

int cut_genoa(int plotter) {
  plot_panel(plotter, "IN;SP1;PU0,0;PD900,0;PD0,1400;");
  return ::write(plotter, "PG;\n", 4) == 4 ? 0 : -1; // BUG: use-after-close
}

int finish_luff(int welder, int metres) {
  if (weld_luff(welder, metres) < 0) {
    ::close(welder); // BUG: double-close
    return -1;
  }
  write_all(welder, "COOL\n", 5); // OK: weld_luff() succeeded, the welder is open
  return ::close(welder); // OK: weld_luff() closes only on its failure path
}

int set_clew(int press, int size) {
  GrommetStatus st = press_grommet(press, size);
  if (st == GROMMET_TIMEOUT)
    return -1;
  ::write(press, "EJECT\n", 6); // BUG: use-after-close
  return ::close(press); // BUG: double-close
}

int set_reef_points(int press, int count) {
  for (int i = 0; i < count; ++i) {
    GrommetStatus st = press_grommet(press, 8);
    if (st == GROMMET_EIO)
      return -1;
    if (st == GROMMET_TIMEOUT)
      die_press(press, "no ack from reef grommet");
  }
  return ::close(press); // OK: every failure returned or exited
}
