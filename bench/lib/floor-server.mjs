// The PERF-01 floor: a bare Fastify route running listProducts' one SQL query with raw `pg`
// (pool 10) for a fixed user — what any implementation of the route pays (/floor); and the same
// query as a named prepared statement (/floor-prepared), which is how the app runs it. Started by
// bench/perf01.mjs in its own process: PORT, DATABASE_URL, USER_ID.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(fileURLToPath(new URL('../../apps/server/package.json', import.meta.url)));
const Fastify = require('fastify');
const pg = require('pg');

// The text of productsRepository.listForUser, with the user id as $1.
export const LIST_SQL = `
  select t.code, t.product_id, t.name, t.important_info, t.show_info_to_finder, t.is_active, bool_or(v.is_owner) as is_owner
  from (
    select code as tag_code, true as is_owner from tags where owner_id = $1
    union all
    select tag_code, false from tag_members where user_id = $1
    union all
    select c.tag_code, false from unit_residents r
      join units u on u.id = r.unit_id
      join condominiums c on c.id = u.condominium_id
      where r.user_id = $1 and c.tag_code is not null
  ) v
  join tags t on t.code = v.tag_code
  where t.disabled_at is null
  group by t.code
  order by t.product_id, t.created_at, t.code`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const app = Fastify();
  const userId = process.env.USER_ID;
  app.get('/floor', async () => (await pool.query(LIST_SQL, [userId])).rows);
  // The same with a named prepared statement, as the app runs it: the floor of the app's own overhead.
  app.get(
    '/floor-prepared',
    async () => (await pool.query({ name: 'floor_list', text: LIST_SQL, values: [userId] })).rows,
  );
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => pool.end())
        .then(() => process.exit(0)),
  );
}
