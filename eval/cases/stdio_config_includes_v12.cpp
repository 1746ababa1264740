// Configuration loader for a daemon: parses the main config and its include
// files with one FILE* variable, moves the log stream to a fallback path with
// freopen() when the primary disk is full, and runs a validator through
// popen(). Negative: each stream is closed exactly once; the variable is set
// to NULL (or reopened) after every fclose, the cleanup label tests it, a
// failed freopen returns at once, and the log is reopened before reuse.
#include <cstdio>
#include <cstdlib>
#include <cstring>

struct Config {
  char listen[128];
  int workers;
  char includes[4][256];
  int num_includes;
};

static int parse_line(Config *cfg, const char *line) {
  if (sscanf(line, "listen %127s", cfg->listen) == 1)
    return 0;
  if (sscanf(line, "workers %d", &cfg->workers) == 1)
    return 0;
  if (cfg->num_includes < 4 &&
      sscanf(line, "include %255s", cfg->includes[cfg->num_includes]) == 1) {
    cfg->num_includes++;
    return 0;
  }
  return (line[0] == '#' || line[0] == '\n') ? 0 : -1;
}

static int parse_stream(Config *cfg, FILE *fp) {
  char line[512];
  while (fgets(line, sizeof line, fp))
    if (parse_line(cfg, line) != 0)
      return -1;
  return ferror(fp) ? -1 : 0;
}

int load_config(Config *cfg, const char *path) {
  int rc = -1;
  memset(cfg, 0, sizeof *cfg);
  FILE *fp = fopen(path, "r");
  if (!fp)
    goto out;
  if (parse_stream(cfg, fp) != 0)
    goto out;
  fclose(fp);
  fp = NULL;
  for (int i = 0; i < cfg->num_includes; ++i) {
    fp = fopen(cfg->includes[i], "r");
    if (!fp)
      goto out;
    if (parse_stream(cfg, fp) != 0) // OK: fp was reopened in this iteration
      goto out;
    fclose(fp);
    fp = NULL;
  }
  rc = 0;
out:
  if (fp)
    fclose(fp); // OK: fp is NULL on every path where it was already closed
  return rc;
}

FILE *open_log(const char *primary, const char *fallback) {
  FILE *log = fopen(primary, "a");
  if (!log)
    return NULL;
  if (fprintf(log, "probe\n") < 0 || fflush(log) != 0) {
    // Disk full at the primary location: move the same stream elsewhere.
    if (!freopen(fallback, "a", log))
      return NULL; // the failed freopen already closed the original file
  }
  fprintf(log, "log opened\n"); // OK: log is untouched or successfully reopened
  return log;
}

int validate(const char *path) {
  char cmd[300];
  snprintf(cmd, sizeof cmd, "/usr/sbin/daemon-check %s", path);
  FILE *p = popen(cmd, "r");
  if (!p)
    return -1;
  char out[256];
  int errors = 0;
  while (fgets(out, sizeof out, p))
    if (strstr(out, "error"))
      ++errors;
  int status = pclose(p);
  return (status == 0 && errors == 0) ? 0 : -1;
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "/etc/daemon.conf";
  Config cfg;
  if (load_config(&cfg, path) != 0 || validate(path) != 0)
    return 1;
  FILE *log = open_log("/var/log/daemon/boot.log", "/tmp/daemon-boot.log");
  if (!log)
    return 1;
  fprintf(log, "listen=%s workers=%d\n", cfg.listen, cfg.workers);
  fclose(log);
  log = fopen("/var/log/daemon/current.log", "a");
  if (log) {
    fprintf(log, "started with %d include files\n", cfg.num_includes); // OK: reopened above
    fclose(log);
  }
  return 0;
}
