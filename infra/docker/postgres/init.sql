-- PostgreSQL init script of docker-compose.yml (runs once, on an empty data volume).
-- One database for Rebound and one schema per service (each service's Prisma schema names its
-- own PostgreSQL schema; `bus` is the platform's event-log schema). The migration step then
-- creates the tables; creating the schemas here lets the role own them from the start.
CREATE ROLE rebound LOGIN PASSWORD 'rebound';
CREATE DATABASE rebound OWNER rebound;
\connect rebound
CREATE SCHEMA IF NOT EXISTS analytics AUTHORIZATION rebound;
CREATE SCHEMA IF NOT EXISTS billing AUTHORIZATION rebound;
CREATE SCHEMA IF NOT EXISTS bus AUTHORIZATION rebound;
CREATE SCHEMA IF NOT EXISTS business AUTHORIZATION rebound;
CREATE SCHEMA IF NOT EXISTS gateway AUTHORIZATION rebound;
CREATE SCHEMA IF NOT EXISTS identity AUTHORIZATION rebound;
CREATE SCHEMA IF NOT EXISTS messaging AUTHORIZATION rebound;
CREATE SCHEMA IF NOT EXISTS telephony AUTHORIZATION rebound;
