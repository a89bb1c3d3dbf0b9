import { freshStartPlan, redisDatabase } from "./fresh-start";

describe("what start:distributed --fresh clears", () => {
  it("given the local database is dropped, when planned, then the Redis URL's logical database (0 without a path) and the simulator's folder", () => {
    expect(freshStartPlan({ redisUrl: "redis://127.0.0.1:6379", simulatorDataDir: "/data/distributed/simulator", databaseDropped: true })).toEqual({
      redis: { url: "redis://127.0.0.1:6379", database: 0 },
      directories: ["/data/distributed/simulator"],
    });
  });

  it("given a DATABASE_URL that is kept, when planned, then Redis is emptied but the simulator's numbers stay with the database's", () => {
    expect(freshStartPlan({ redisUrl: "redis://127.0.0.1:6379/3", simulatorDataDir: "/data/distributed/simulator", databaseDropped: false })).toEqual({
      redis: { url: "redis://127.0.0.1:6379/3", database: 3 },
      directories: [],
    });
  });

  it.each([
    ["redis://127.0.0.1:6379/", 0],
    ["redis://127.0.0.1:6379/5", 5],
    ["rediss://user:secret@cache.example:6380/12", 12],
  ])("given %s, when read, then database %i", (url, database) => {
    expect(redisDatabase(url)).toBe(database);
  });

  it.each(["redis://127.0.0.1:6379/cache", "redis://127.0.0.1:6379/-1", "redis://127.0.0.1:6379/1/2"])(
    "given %s, when read, then refused rather than guessed",
    (url) => {
      expect(() => redisDatabase(url)).toThrow("is not a database number");
    },
  );
});
