/* LD_PRELOAD shim for the Kafka mock in a container. librdkafka's mock brokers listen on 127.0.0.1 at a
 * random port and advertise that address, which no other container can reach. This rewrites those
 * binds to the container's own address (the IPv4 its hostname resolves to, which other containers on the
 * network reach it by) and to fixed ports from KAFKA_MOCK_PORT (broker 1 on KAFKA_MOCK_PORT, broker 2 on
 * the next, ...), so "kafka:9092" works as a bootstrap address and the brokers the metadata names are
 * reachable. Other binds pass through. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int next_port = -1;
static struct in_addr own_address;
static int resolved = 0;

static void resolve_own_address(void) {
  char name[256];
  struct addrinfo hints, *found = NULL;
  if (resolved) return;
  resolved = 1;
  own_address.s_addr = htonl(INADDR_ANY);
  if (gethostname(name, sizeof name) != 0) return;
  memset(&hints, 0, sizeof hints);
  hints.ai_family = AF_INET;
  if (getaddrinfo(name, NULL, &hints, &found) == 0 && found) {
    own_address = ((struct sockaddr_in *)found->ai_addr)->sin_addr;
    freeaddrinfo(found);
  }
}

int bind(int fd, const struct sockaddr *addr, socklen_t len) {
  static int (*real_bind)(int, const struct sockaddr *, socklen_t) = NULL;
  if (!real_bind) real_bind = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "bind");
  if (addr && addr->sa_family == AF_INET && len >= (socklen_t)sizeof(struct sockaddr_in)) {
    const struct sockaddr_in *in = (const struct sockaddr_in *)addr;
    if (in->sin_addr.s_addr == htonl(INADDR_LOOPBACK) && in->sin_port == 0) {
      struct sockaddr_in rewritten = *in;
      if (next_port < 0) next_port = getenv("KAFKA_MOCK_PORT") ? atoi(getenv("KAFKA_MOCK_PORT")) : 0;
      resolve_own_address();
      rewritten.sin_addr = own_address;
      if (next_port > 0) rewritten.sin_port = htons((unsigned short)next_port++);
      return real_bind(fd, (const struct sockaddr *)&rewritten, sizeof rewritten);
    }
  }
  return real_bind(fd, addr, len);
}
