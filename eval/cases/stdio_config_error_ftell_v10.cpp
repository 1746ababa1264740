// load_config() reads "key = value" lines with fgets(), skipping blanks and
// comments and tracking the line number, like the config loaders of small
// daemons. On a line without '=' it closes the file first and then builds
// the error message, whose byte offset comes from ftell() on the stream it
// has just closed. The unknown-option path does it in the right order.
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

struct config {
  int port;
  int workers;
  char root[256];
};

static char *trim(char *s) {
  while (std::isspace(static_cast<unsigned char>(*s)))
    s++;
  char *end = s + std::strlen(s);
  while (end > s && std::isspace(static_cast<unsigned char>(end[-1])))
    *--end = '\0';
  return s;
}

static int set_option(config *cfg, const char *key, const char *value) {
  if (std::strcmp(key, "port") == 0)
    cfg->port = std::atoi(value);
  else if (std::strcmp(key, "workers") == 0)
    cfg->workers = std::atoi(value);
  else if (std::strcmp(key, "root") == 0)
    std::snprintf(cfg->root, sizeof cfg->root, "%s", value);
  else
    return -1;
  return 0;
}

static int load_config(const char *path, config *cfg) {
  FILE *fp = std::fopen(path, "r");
  if (!fp)
    return errno == ENOENT ? 0 : -1; /* a missing file means defaults */
  char line[512];
  int lineno = 0;
  while (std::fgets(line, sizeof line, fp)) { // OK: each fclose inside the loop is followed by return
    lineno++;
    char *s = trim(line);
    if (*s == '\0' || *s == '#')
      continue;
    char *eq = std::strchr(s, '=');
    if (!eq) {
      std::fclose(fp);
      std::fprintf(stderr, "%s:%d (offset %ld): expected 'key = value'\n", path, lineno, std::ftell(fp)); // BUG: use-after-close
      return -1;
    }
    *eq = '\0';
    char *key = trim(s);
    if (set_option(cfg, key, trim(eq + 1)) != 0) {
      std::fprintf(stderr, "%s:%d (offset %ld): unknown option '%s'\n", path, lineno, std::ftell(fp), key); // OK: fp is closed only on the next line
      std::fclose(fp);
      return -1;
    }
  }
  int err = std::ferror(fp); // OK: the loop ended on EOF or a read error, not on a close
  std::fclose(fp);
  return err ? -1 : 0;
}

int main(int argc, char **argv) {
  config cfg = {8080, 4, "/srv"};
  if (load_config(argc > 1 ? argv[1] : "/etc/exampled.conf", &cfg) != 0)
    return 1;
  std::printf("port=%d workers=%d root=%s\n", cfg.port, cfg.workers, cfg.root);
  return 0;
}
