// objgw: an S3-like object storage gateway. Reads requests from stdin (see
// RequestHandler.h), routes them to the configured storage backends and shuts
// down on QUIT or end of input.
#include "objgw/Config.h"
#include "objgw/Gateway.h"
#include "objgw/Metrics.h"
#include "objgw/RequestHandler.h"

#include <exception>
#include <iostream>
#include <string>

int main(int argc, char **argv) {
  objgw::Config cfg;
  try {
    cfg = objgw::Config::load(argc > 1 ? argv[1] : "objgw.conf");
  } catch (const std::exception &e) {
    std::cerr << "objgw: " << e.what() << '\n';
    return 2;
  }

  objgw::Metrics metrics(cfg.statsPath, cfg.metricsInterval);
  {
    objgw::Gateway gw(cfg);
    gw.attach(metrics);
    try {
      gw.start();
    } catch (const std::exception &e) {
      std::cerr << "objgw: cannot start: " << e.what() << '\n';
      return 1;
    }
    metrics.start();

    objgw::RequestHandler handler(gw, std::cout);
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!handler.handle(line))
        break;
    }
    std::cerr << "objgw: handled " << handler.handled() << " request(s)\n";

    gw.stop();
    metrics.stop();
  } // BUG: double-close #repldtor
  return 0;
} // BUG: double-close #metricsdtor
